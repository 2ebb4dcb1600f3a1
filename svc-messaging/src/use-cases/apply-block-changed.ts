import { Types } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';

type BlockChanged = EventOf<typeof Subjects.BlockChanged>;

/**
 * The pair's version. The contract names it `version`, the envelope's own field: its type says
 * undefined and createEvent sets it to 1, so today every event says 1. Validated on consume as
 * a positive integer.
 */
const pairVersion = (event: BlockChanged): number =>
  (event as unknown as { version: number }).version;

/**
 * What makes an event newer than the stored row: its version, then its changed_at (which alone
 * orders identity's events while they all say 1; real pair versions take over without a change
 * here).
 */
const olderThan = (event: BlockChanged) => ({
  $or: [
    { version: { $lt: pairVersion(event) } },
    { version: pairVersion(event), changed_at: { $lt: new Date(event.changed_at) } },
  ],
});

/**
 * identity.block.changed -> the pair's row in the blocks replica, only if the event is newer than
 * the stored one: a redelivery or an older event arriving late changes nothing. The upsert
 * inserts the pair's first row; when the pair exists and is at least as new, the insert hits the
 * unique (blocker_id, blocked_id) and the event is stale. Two first events at once: the loser
 * retries as a plain conditional update, so the newer one wins either way.
 */
export async function applyBlockChanged(
  { Block }: MessagingModels,
  event: BlockChanged,
): Promise<void> {
  const filter = {
    blocker_id: new Types.ObjectId(event.blocker_id),
    blocked_id: new Types.ObjectId(event.blocked_id),
    ...olderThan(event),
  };
  const update = {
    $set: {
      blocked: event.blocked,
      version: pairVersion(event),
      changed_at: new Date(event.changed_at),
    },
  };
  try {
    await Block.updateOne(filter, update, { upsert: true });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    await Block.updateOne(filter, update);
  }
}
