import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/lock: no new comments; votes, reactions and saves go on. */
export const lockPost = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason?: string,
): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'lock_post',
    reason,
    notify: true,
    from: { locked: { $ne: true } },
    to: () => ({ locked: true }),
  });
