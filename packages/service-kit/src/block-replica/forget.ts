import { toObjectId } from '../mongo.js';
import type { BlockModel } from './model.js';

/** Rows per delete command: a user blocked by thousands never makes one long write. */
export const FORGET_BLOCKS_BATCH = 1000;

/**
 * A deleted account (identity.user.deleted) leaves no block behind: every row where the user is
 * the blocker (the unique pair index) or the blocked one (`blocked_id` index), in batches. Safe
 * to repeat. Returns how many rows went.
 */
export async function forgetUserBlocks(
  Block: BlockModel,
  userId: string,
  batch = FORGET_BLOCKS_BATCH,
): Promise<number> {
  const id = toObjectId(userId);
  let forgotten = 0;
  for (const filter of [{ blocker_id: id }, { blocked_id: id }]) {
    for (;;) {
      const rows = await Block.find(filter, { _id: 1 }).limit(batch).lean();
      if (rows.length === 0) break;
      const { deletedCount } = await Block.deleteMany({ _id: { $in: rows.map((r) => r._id) } });
      forgotten += deletedCount;
    }
  }
  return forgotten;
}
