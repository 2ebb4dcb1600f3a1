import type { ListCommunitiesQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';
import type { CommunityPage } from './list-communities.js';

/** The caller's joined communities, most recently joined first. */
export async function listMyCommunities(
  { Membership, Community }: ForumModels,
  user: AuthUser,
  { limit, offset }: ListCommunitiesQuery,
): Promise<CommunityPage> {
  const filter = { user_id: toObjectId(user.id) };
  const [memberships, total] = await Promise.all([
    Membership.find(filter, { community_id: 1 })
      .sort({ joined_at: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean(),
    Membership.countDocuments(filter),
  ]);
  const ids = memberships.map((m) => m.community_id);
  const docs = await Community.find({ _id: { $in: ids }, ...NOT_DELETING }).lean<CommunityDoc[]>();
  const byId = new Map(docs.map((c) => [c._id.toHexString(), c]));
  const communities = ids
    .map((id) => byId.get(id.toHexString()))
    .filter((c): c is CommunityDoc => c !== undefined);
  return { communities, total, hasMore: offset + memberships.length < total };
}
