import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';
import { markCommentsOf } from './shared/mark-comments.js';

/** POST /posts/{id}/restore: undoes a removal (its comments are searchable again with it). */
export const restorePost = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason?: string,
): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'restore_post',
    reason,
    notify: true,
    removal: -1,
    from: { removed: true },
    to: () => ({ removed: false, removal_reason: null, removal_modlog_id: null }),
    after: (step, post) => markCommentsOf(deps, post._id, false, step.session),
  });
