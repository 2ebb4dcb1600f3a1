import { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';
import { BLOCK_LIST_CAP, type BlockDoc } from '../models/block.js';

export type ListedBlock = Pick<BlockDoc, 'blocked_id' | 'created_at'> & { username: string };

/** The filter and order of GET /api/blocks (the query-plan test explains this very query). */
export const blocksQuery = (blockerId: Types.ObjectId) => ({
  filter: { blocker_id: blockerId, blocked: true },
  sort: { created_at: -1, _id: -1 } as const,
  limit: BLOCK_LIST_CAP,
});

/** GET /api/blocks: the caller's blocks, newest first, at most BLOCK_LIST_CAP. */
export async function listBlocks(deps: IdentityDeps, blockerId: string): Promise<ListedBlock[]> {
  const { Block, User } = deps.models;
  const q = blocksQuery(new Types.ObjectId(blockerId));
  const blocks = await Block.find(q.filter, { blocked_id: 1, created_at: 1 })
    .sort(q.sort)
    .limit(q.limit)
    .lean();
  if (!blocks.length) return [];
  const users = await User.find(
    { _id: { $in: blocks.map((b) => b.blocked_id) } },
    { username: 1 },
  ).lean();
  const names = new Map(users.map((u) => [u._id.toHexString(), u.username]));
  return blocks.flatMap((b) => {
    const username = names.get(b.blocked_id.toHexString());
    return username ? [{ blocked_id: b.blocked_id, created_at: b.created_at, username }] : [];
  });
}
