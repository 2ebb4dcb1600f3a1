import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/remove: out of every list, redacted for most readers (§M4). */
export const removePost = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason: string,
): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'remove_post',
    reason,
    notify: true,
    from: { removed: { $ne: true } },
    to: (logId) => ({ removed: true, removal_reason: reason, removal_modlog_id: logId }),
  });
