import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisibleComment } from './shared/find-comment.js';

/** Visitors have saved nothing. */
export async function getCommentSaved(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<boolean> {
  const comment = await findVisibleComment(models, id, user);
  if (!user) return false;
  return !!(await models.CommentSave.exists({
    user_id: toObjectId(user.id),
    comment_id: comment._id,
  }));
}
