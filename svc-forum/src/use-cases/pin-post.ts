import { ModerationTexts as T } from '@forum/contracts';
import { conflict, type AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import { rewritePins } from './shared/community-pins.js';
import type { ForumDeps } from '../deps.js';

/**
 * POST /posts/{id}/pin: at most MAX_PINNED_POSTS per community, counted and written to the
 * community's pinned posts in the pin's transaction (rewritePins).
 */
export function pinPost(deps: ForumDeps, user: AuthUser, id: string): Promise<ModeratedPost> {
  return moderatePost(deps, user, id, {
    action: 'pin_post',
    notify: false,
    from: { pinned: { $ne: true } },
    to: () => ({ pinned: true, pinned_at: new Date() }),
    check: async (post, { session }) => {
      if (post.pinned) throw conflict(T.alreadyInEffect);
      await rewritePins(deps.models, session, post, 'pin');
    },
  });
}
