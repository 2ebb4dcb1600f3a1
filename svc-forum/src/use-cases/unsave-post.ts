import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findPost } from './shared/find-post.js';

/** Idempotent. */
export async function unsavePost(models: ForumModels, user: AuthUser, id: string): Promise<void> {
  const post = await findPost(models, id);
  await models.PostSave.deleteOne({ user_id: toObjectId(user.id), post_id: post._id });
}
