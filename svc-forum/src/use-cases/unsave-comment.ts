import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findComment } from './shared/find-comment.js';

/** Idempotent; works on a placeholder too (its saves are gone already). */
export async function unsaveComment(
  models: ForumModels,
  user: AuthUser,
  id: string,
): Promise<void> {
  const comment = await findComment(models, id);
  await models.CommentSave.deleteOne({ user_id: toObjectId(user.id), comment_id: comment._id });
}
