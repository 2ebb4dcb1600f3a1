import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import { assertCanDeleteCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { purgePostContent } from './shared/purge-posts.js';
import { releaseLogo } from './shared/release-image.js';

/**
 * The community goes first (so nothing new can be posted or joined), then its posts and all
 * that hangs off them, its memberships and its logo. Each step is idempotent.
 */
export async function deleteCommunity(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
): Promise<void> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanDeleteCommunity(community, user);
  await models.Community.deleteOne({ _id: community._id });
  const byCommunity = { community_id: community._id };
  const posts = await models.Post.find(byCommunity, {
    _id: 1,
    image_url: 1,
    thumbnail_url: 1,
  }).lean<Pick<PostDoc, '_id' | 'image_url' | 'thumbnail_url'>[]>();
  await Promise.all([
    models.Post.deleteMany(byCommunity),
    models.Membership.deleteMany(byCommunity),
  ]);
  await purgePostContent(deps, posts);
  await releaseLogo(deps, community.logo_url);
}
