import { MAX_PINNED_POSTS, ModerationTexts as T } from '@forum/contracts';
import { badRequest, conflict, type AuthUser } from '@forum/service-kit';
import { moderatePost, type ModeratedPost } from './shared/moderate-post.js';
import type { ForumDeps } from '../deps.js';

/**
 * POST /posts/{id}/pin: at most MAX_PINNED_POSTS per community. Every pin also writes its
 * community's document, so two concurrent pins there conflict and one re-runs and recounts.
 */
export function pinPost(deps: ForumDeps, user: AuthUser, id: string): Promise<ModeratedPost> {
  const { Post, Community } = deps.models;
  return moderatePost(deps, user, id, {
    action: 'pin_post',
    notify: false,
    from: { pinned: { $ne: true } },
    to: () => ({ pinned: true, pinned_at: new Date() }),
    check: async (post, { session }) => {
      if (post.pinned) throw conflict(T.alreadyInEffect);
      await Community.updateOne(
        { _id: post.community_id },
        { $set: { pins_changed_at: new Date() } },
        { session },
      );
      const others = await Post.countDocuments(
        { community_id: post.community_id, pinned: true, _id: { $ne: post._id } },
        { session },
      );
      if (others >= MAX_PINNED_POSTS) throw badRequest(T.pinLimit);
    },
  });
}
