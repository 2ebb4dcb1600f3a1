import type { AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import { rewritePins } from './shared/community-pins.js';
import type { ForumDeps } from '../deps.js';

/** POST /posts/{id}/unpin: the community's pinned posts rewritten without it (rewritePins). */
export const unpinPost = (deps: ForumDeps, user: AuthUser, id: string): Promise<ModeratedPost> =>
  moderatePost(deps, user, id, {
    action: 'unpin_post',
    notify: false,
    from: { pinned: true },
    to: () => ({ pinned: false, pinned_at: null }),
    check: (post, { session }) => rewritePins(deps.models, session, post, 'unpin'),
  });
