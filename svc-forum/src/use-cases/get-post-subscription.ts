import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { readVisiblePost } from './shared/find-post.js';

export async function getPostSubscription(
  models: ForumModels,
  user: AuthUser,
  postId: string,
): Promise<boolean> {
  const post = await readVisiblePost(models, postId, user);
  return !!(await models.PostSubscription.exists({
    post_id: post._id,
    user_id: toObjectId(user.id),
  }));
}
