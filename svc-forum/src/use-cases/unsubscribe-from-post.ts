import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findPost } from './shared/find-post.js';

/** Idempotent. */
export async function unsubscribeFromPost(
  models: ForumModels,
  user: AuthUser,
  postId: string,
): Promise<void> {
  const post = await findPost(models, postId);
  await models.PostSubscription.deleteOne({ post_id: post._id, user_id: toObjectId(user.id) });
}
