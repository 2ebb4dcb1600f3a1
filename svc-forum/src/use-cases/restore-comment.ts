import type { AuthUser } from '@forum/service-kit';
import { moderateComment, type ModeratedComment } from './shared/moderate-comment.js';
import type { ForumDeps } from '../deps.js';

/** POST /comments/{id}/restore: undoes a removal. */
export const restoreComment = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason?: string,
): Promise<ModeratedComment> =>
  moderateComment(deps, user, id, {
    action: 'restore_comment',
    reason,
    from: { removed: true },
    to: () => ({ removed: false, removal_reason: null, removal_modlog_id: null }),
  });
