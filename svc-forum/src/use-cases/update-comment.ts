import type { UpdateCommentBody } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { assertCanEditComment } from '../policies/comment-policy.js';
import { commentSearchTerms } from '../domain/search-terms.js';
import { findLiveComment } from './shared/find-comment.js';
import { loadCommentState, type CommentCallerState } from './shared/load-comment-state.js';

/**
 * The author only; the guard on is_deleted keeps an edit from reviving a deleted comment.
 * Answers the comment as edited with the caller's vote and save.
 */
export async function updateComment(
  models: ForumModels,
  user: AuthUser,
  id: string,
  { content }: UpdateCommentBody,
): Promise<{ comment: CommentDoc; state: CommentCallerState }> {
  const comment = await findLiveComment(models, id);
  assertCanEditComment(comment, user);
  const updated = await models.Comment.findOneAndUpdate(
    { _id: comment._id, is_deleted: false },
    { $set: { content, search_terms: commentSearchTerms({ content }) } },
    { returnDocument: 'after' },
  ).lean<CommentDoc>();
  const edited = updated ?? { ...comment, content };
  return { comment: edited, state: await loadCommentState(models, user, [edited._id]) };
}
