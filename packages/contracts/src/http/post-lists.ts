import { z } from '../zod.js';
import { PostSort } from './posts.js';
import { limitParam, offsetParam } from './common.js';

/** GET /api/auth/me/posts and /api/auth/user/{username}/posts (limit 10, sortBy default new). */
export const ProfilePostsQuery = z.object({
  sortBy: PostSort.default('new'),
  limit: limitParam(10),
  offset: offsetParam,
});
export type ProfilePostsQuery = z.infer<typeof ProfilePostsQuery>;

export const UsernameParams = z.object({ username: z.string().min(1).max(100) });

export const USER_NOT_FOUND = 'User not found';
