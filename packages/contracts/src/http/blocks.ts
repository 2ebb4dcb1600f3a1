import { z } from '../zod.js';
import { Id, Timestamp } from './common.js';

/** EXTENSIONS §B1: blocking is private; nobody is told they were blocked. */
export const BlockTexts = {
  cannotBlockSelf: 'You cannot block yourself',
  cannotMessage: 'You cannot message this user',
  /** What the blocker's thread shows in place of a blocked user's comment (it can be expanded). */
  blockedComment: 'Comment from a blocked user',
} as const;

export const BlockParams = z.object({ username: z.string().min(1).max(50) });

export const Block = z
  .object({ user_id: Id, username: z.string(), created_at: Timestamp })
  .meta({ id: 'Block' });
export type Block = z.infer<typeof Block>;

/** GET /api/blocks: the caller's blocks, newest first. */
export const BlocksResponse = z.object({ blocks: z.array(Block) });
export type BlocksResponse = z.infer<typeof BlocksResponse>;

/** PUT and DELETE /api/blocks/{username}: the state after the call (both are idempotent). */
export const BlockedResponse = z.object({ blocked: z.boolean() });
export type BlockedResponse = z.infer<typeof BlockedResponse>;
