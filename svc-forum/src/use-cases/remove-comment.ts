import type { AuthUser } from '@forum/service-kit';
import {
  moderateComment,
  type CommentChange,
  type ModeratedComment,
} from './shared/moderate-comment.js';
import { closeReports } from './shared/close-reports.js';
import type { ForumDeps } from '../deps.js';

/**
 * The removal of a comment (§M2): it keeps its place in the thread, '[removed]' to most readers.
 * Its open reports close with it, in the same transaction.
 */
export const commentRemoval = (deps: ForumDeps, reason: string): CommentChange => ({
  action: 'remove_comment',
  reason,
  from: { removed: { $ne: true } },
  to: (logId) => ({ removed: true, removal_reason: reason, removal_modlog_id: logId }),
  after: async (step, comment) => {
    const item = { target_type: 'comment', target_id: comment._id } as const;
    await closeReports(deps, step, item, { action: 'remove', reason });
  },
});

/** POST /comments/{id}/remove. */
export const removeComment = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<ModeratedComment> => moderateComment(deps, user, id, commentRemoval(deps, reason));
