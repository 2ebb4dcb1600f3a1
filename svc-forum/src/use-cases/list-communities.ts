import type { ListCommunitiesQuery } from '@forum/contracts';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';

export interface CommunityPage {
  communities: CommunityDoc[];
  total: number;
  hasMore: boolean;
}

/** Discover list: most members first (index member_count, _id); deletes in progress left out. */
export async function listCommunities(
  { Community }: ForumModels,
  { limit, offset }: ListCommunitiesQuery,
): Promise<CommunityPage> {
  const [communities, total] = await Promise.all([
    Community.find(NOT_DELETING)
      .sort({ member_count: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean<CommunityDoc[]>(),
    Community.countDocuments(NOT_DELETING),
  ]);
  return { communities, total, hasMore: offset + communities.length < total };
}
