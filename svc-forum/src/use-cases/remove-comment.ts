import type { AuthUser } from '@forum/service-kit';
import { moderateComment, type ModeratedComment } from './shared/moderate-comment.js';
import type { ForumDeps } from '../deps.js';

/** POST /comments/{id}/remove: keeps its place in the thread, '[removed]' to most readers. */
export const removeComment = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<ModeratedComment> =>
  moderateComment(deps, user, id, {
    action: 'remove_comment',
    reason,
    from: { removed: { $ne: true } },
    to: (logId) => ({ removed: true, removal_reason: reason, removal_modlog_id: logId }),
  });
