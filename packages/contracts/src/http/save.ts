import { z } from '../zod.js';
import { limitParam, offsetParam } from './common.js';

/** POST/DELETE /api/posts/{id}/save and GET /api/posts/{id}/saved. */
export const SavedResponse = z.object({ saved: z.boolean() });
export type SavedResponse = z.infer<typeof SavedResponse>;

/** GET /api/posts/saved/my (limit 10, offset), newest save first; posts carry saved_at. */
export const ListSavedPostsQuery = z.object({ limit: limitParam(10), offset: offsetParam });
export type ListSavedPostsQuery = z.infer<typeof ListSavedPostsQuery>;
