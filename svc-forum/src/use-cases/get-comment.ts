import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { findVisibleComment } from './shared/find-comment.js';
import { loadCommentState, type CommentCallerState } from './shared/load-comment-state.js';

/** One comment (placeholders included, so a #comment link still resolves). */
export async function getComment(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<{ comment: CommentDoc; state: CommentCallerState }> {
  const comment = await findVisibleComment(models, id, user);
  return { comment, state: await loadCommentState(models, user, [comment._id]) };
}
