import type { BlocksResponse } from '@forum/contracts';
import type { ListedBlock } from '../use-cases/list-blocks.js';

export const presentBlocks = (blocks: ListedBlock[]): BlocksResponse => ({
  blocks: blocks.map((b) => ({
    user_id: b.blocked_id.toHexString(),
    username: b.username,
    created_at: b.created_at.toISOString(),
  })),
});
