import { isDuplicateKeyError, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisiblePost } from './shared/find-post.js';

/** Idempotent: the unique (post, user) index makes a repeat a no-op. */
export async function subscribeToPost(
  models: ForumModels,
  user: AuthUser,
  postId: string,
): Promise<void> {
  const post = await findVisiblePost(models, postId, user);
  try {
    await models.PostSubscription.create({
      post_id: post._id,
      user_id: toObjectId(user.id),
      created_at: new Date(),
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
  }
}
