import { MAX_PINNED_POSTS, ModerationTexts as T } from '@forum/contracts';
import { badRequest } from '@forum/service-kit';
import type { ClientSession, Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';

/**
 * A pin or an unpin's write to its community (EXTENSIONS §M2), inside the action's transaction:
 * first a write of the community (so two concurrent pins there conflict and one re-runs and
 * reads again: the limit holds), then its pinned posts rewritten from the posts themselves,
 * newest pin first, with `pinned` first when it is one being pinned (at most MAX_PINNED_POSTS)
 * and without `unpinned`. A community page reads them from the community document it reads
 * for its total anyway (find-post-page.ts): no query of its own.
 */
export async function rewritePins(
  { Community, Post }: Pick<ForumModels, 'Community' | 'Post'>,
  session: ClientSession,
  post: { _id: Types.ObjectId; community_id: Types.ObjectId },
  change: 'pin' | 'unpin',
): Promise<void> {
  const community = { _id: post.community_id };
  await Community.updateOne(community, { $set: { pins_changed_at: new Date() } }, { session });
  const others = (
    await Post.find(
      { community_id: post.community_id, pinned: true, _id: { $ne: post._id } },
      { _id: 1 },
      { session, sort: { pinned_at: -1, _id: -1 } },
    ).lean()
  ).map((p) => p._id);
  if (change === 'pin' && others.length >= MAX_PINNED_POSTS) throw badRequest(T.pinLimit);
  const pinned = change === 'pin' ? [post._id, ...others] : others;
  await Community.updateOne(community, { $set: { pinned_post_ids: pinned } }, { session });
}
