import type { ListMembersQuery } from '@forum/contracts';
import type { ForumModels } from '../models/index.js';
import type { MembershipDoc } from '../models/membership.js';
import { findCommunity } from './shared/find-community.js';

export interface MemberPage {
  members: MembershipDoc[];
  total: number;
  hasMore: boolean;
}

/** Oldest member first (index community_id, joined_at, _id). */
export async function listCommunityMembers(
  models: ForumModels,
  communityId: string,
  { limit, offset }: ListMembersQuery,
): Promise<MemberPage> {
  const community = await findCommunity(models, communityId);
  const filter = { community_id: community._id };
  const [members, total] = await Promise.all([
    models.Membership.find(filter)
      .sort({ joined_at: 1, _id: 1 })
      .skip(offset)
      .limit(limit)
      .lean<MembershipDoc[]>(),
    models.Membership.countDocuments(filter),
  ]);
  return { members, total, hasMore: offset + members.length < total };
}
