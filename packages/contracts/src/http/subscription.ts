import { z } from '../zod.js';
import { Id } from './common.js';

export const PostIdParams = z.object({ postId: Id });

/** GET /api/post-subscriptions/{postId}/status, POST and DELETE /api/post-subscriptions/{postId}. */
export const SubscribedResponse = z.object({ subscribed: z.boolean() });
export type SubscribedResponse = z.infer<typeof SubscribedResponse>;
