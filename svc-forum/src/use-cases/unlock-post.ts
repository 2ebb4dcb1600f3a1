import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/unlock (§M7 tells authors of locks, not of unlocks). */
export const unlockPost = (
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  reason?: string,
): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'unlock_post',
    reason,
    notify: false,
    from: { locked: true },
    to: () => ({ locked: false }),
  });
