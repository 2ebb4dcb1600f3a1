import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisibleComment } from './shared/find-comment.js';

/** The caller's vote on the comment: 1, -1, or null (none, or a visitor). */
export async function getCommentVote(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<1 | -1 | null> {
  const comment = await findVisibleComment(models, id, user);
  if (!user) return null;
  const vote = await models.CommentVote.findOne(
    { user_id: toObjectId(user.id), comment_id: comment._id },
    { vote_type: 1 },
  ).lean();
  return vote?.vote_type ?? null;
}
