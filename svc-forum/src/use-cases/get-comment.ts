import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { findVisibleComment } from './shared/find-comment.js';
import type { Viewer } from '../policies/moderation-policy.js';
import { loadCommentState, type CommentCallerState } from './shared/load-comment-state.js';
import { loadViewerFor } from './shared/load-viewer.js';

/** One comment (placeholders included, so a #comment link still resolves). */
export async function getComment(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<{ comment: CommentDoc; state: CommentCallerState; viewer: Viewer }> {
  const comment = await findVisibleComment(models, id, user);
  const [state, viewer] = await Promise.all([
    loadCommentState(models, user, [comment._id]),
    loadViewerFor(models, user, comment.community_id, [comment]),
  ]);
  return { comment, state, viewer };
}
