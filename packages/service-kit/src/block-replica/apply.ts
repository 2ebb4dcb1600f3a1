import type { EventOf, Subjects } from '@forum/contracts';
import { isDuplicateKeyError, toObjectId } from '../mongo.js';
import type { BlockModel } from './model.js';

type BlockChanged = EventOf<typeof Subjects.BlockChanged>;

/**
 * identity.block.changed -> the pair's row, only if the event's block_version (identity bumps it
 * on every change of the pair) is above the stored one: a redelivery or a late older event
 * changes nothing. The upsert inserts a pair's first row; when the pair exists and is at least as
 * new, its insert hits the unique (blocker_id, blocked_id), and the event is stale. Two first
 * events at once: the loser retries as a plain conditional update, so the newer one wins either
 * way. True when the row changed.
 */
export async function applyBlockChanged(Block: BlockModel, event: BlockChanged): Promise<boolean> {
  const filter = {
    blocker_id: toObjectId(event.blocker_id),
    blocked_id: toObjectId(event.blocked_id),
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
    const res = await Block.updateOne(filter, update, { upsert: true });
    return res.modifiedCount + res.upsertedCount > 0;
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    const res = await Block.updateOne(filter, update);
    return res.modifiedCount > 0;
  }
}
