import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommunityDoc } from '../../models/community.js';
import { NOT_DELETING } from '../../models/deletion.js';
import { SITE_POSTS } from '../../models/post-totals.js';
import { communityCounts, negated, siteDelta, type PostCounts } from '../../domain/post-counts.js';

type CountModels = Pick<ForumModels, 'Community' | 'PostTotals'>;

/** The community whose counters move, and whether it is NSFW (it never changes). */
export interface CountedCommunity {
  id: Types.ObjectId;
  nsfw: boolean;
}

/** A post's community, from the fields the post copied. */
export const communityOfPost = (post: {
  community_id: Types.ObjectId;
  community_nsfw?: boolean;
}): CountedCommunity => ({ id: post.community_id, nsfw: post.community_nsfw ?? false });

/**
 * Inside the caller's transaction (inTransaction's session, which mongoose models join by
 * themselves), with the write that changes what a list counts (a post created, its delete
 * started, removed, restored): the community's counters and the site totals move together.
 * Once the community's delete has started nothing moves (its share already left the site
 * totals, and its lists are hidden). Answers whether the community was live.
 *
 * Every such write also writes the community's document, so concurrent ones conflict and
 * re-run (MongoDB) or queue behind each other (the dev DB): the counters never miss one.
 */
export async function movePostCounts(
  { Community, PostTotals }: CountModels,
  community: CountedCommunity,
  delta: PostCounts,
): Promise<boolean> {
  const moved = await Community.updateOne(
    { _id: community.id, ...NOT_DELETING },
    { $inc: { post_count: delta.posts, removed_post_count: delta.removed } },
  );
  if (moved.matchedCount === 0) return false;
  await PostTotals.updateOne(
    { _id: SITE_POSTS },
    { $inc: siteDelta(delta, community.nsfw) },
    { upsert: true },
  );
  return true;
}

/** In the transaction that starts a community's delete: its posts leave the site totals. */
export async function dropCommunityCounts(
  { PostTotals }: CountModels,
  community: Pick<CommunityDoc, 'is_nsfw' | 'post_count' | 'removed_post_count'>,
): Promise<void> {
  const counts = communityCounts(community) ?? { posts: community.post_count ?? 0, removed: 0 };
  await PostTotals.updateOne(
    { _id: SITE_POSTS },
    { $inc: siteDelta(negated(counts), community.is_nsfw) },
    { upsert: true },
  );
}

/** One post more or fewer, and one removed more or fewer. */
export const ONE_POST: PostCounts = { posts: 1, removed: 0 };
export const oneRemoved = (direction: 1 | -1): PostCounts => ({ posts: 0, removed: direction });
