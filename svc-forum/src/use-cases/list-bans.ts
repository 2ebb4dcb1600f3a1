import type { ListBansQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import { activeBan, type BanDoc } from '../models/ban.js';
import { assertCanModerate } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import type { ForumDeps } from '../deps.js';

export interface BanPage {
  bans: BanDoc[];
  total: number;
  hasMore: boolean;
}

/** GET /communities/{id}/bans (moderators): the active bans, newest first. */
export async function listBans(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  communityId: string,
  { limit, offset }: ListBansQuery,
): Promise<BanPage> {
  const community = await findCommunity(models, communityId);
  assertCanModerate(await loadCommunityRole(models, community._id, user));
  const filter = { community_id: community._id, ...activeBan(new Date()) };
  const [bans, total] = await Promise.all([
    models.Ban.find(filter)
      .sort({ created_at: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean<BanDoc[]>(),
    models.Ban.countDocuments(filter),
  ]);
  return { bans, total, hasMore: offset + bans.length < total };
}
