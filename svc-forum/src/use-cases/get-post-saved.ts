import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { readVisiblePost } from './shared/find-post.js';

/** Visitors have saved nothing. */
export async function getPostSaved(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<boolean> {
  const post = await readVisiblePost(models, id, user);
  if (!user) return false;
  return !!(await models.PostSave.exists({ user_id: toObjectId(user.id), post_id: post._id }));
}
