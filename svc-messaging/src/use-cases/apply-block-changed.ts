import { Types } from 'mongoose';
import type { EventOf, Subjects } from '@forum/contracts';
import { isDuplicateKeyError } from '@forum/service-kit';
import type { MessagingModels } from '../models/index.js';

/**
 * identity.block.changed -> the pair's row in the blocks replica, only if the event's
 * block_version is newer than the stored one: a redelivery or an older event arriving late
 * changes nothing. The upsert inserts the pair's first row; when the pair exists at that version
 * or a newer one, the insert hits the unique (blocker_id, blocked_id) and the event is stale. Two
 * first events at once: the loser retries as a plain conditional update, so the newer one wins
 * either way.
 */
export async function applyBlockChanged(
  { Block }: MessagingModels,
  event: EventOf<typeof Subjects.BlockChanged>,
): Promise<void> {
  const filter = {
    blocker_id: new Types.ObjectId(event.blocker_id),
    blocked_id: new Types.ObjectId(event.blocked_id),
    version: { $lt: event.block_version },
  };
  const update = {
    $set: {
      blocked: event.blocked,
      version: event.block_version,
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
