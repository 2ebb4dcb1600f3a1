import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/unpin. */
export const unpinPost = (deps: ForumDeps, user: AuthUser, id: string): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'unpin_post',
    notify: false,
    from: { pinned: true },
    to: () => ({ pinned: false, pinned_at: null }),
  });
