import type { ElectionsQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ElectionDoc } from '../models/election.js';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import type { ForumDeps } from '../deps.js';
import { findCommunity } from './shared/find-community.js';

/** GET /communities/{id}/elections: newest first; public, except an NSFW community's (§E, §M3). */
export async function listCommunityElections(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser | undefined,
  communityId: string,
  { limit, offset }: ElectionsQuery,
) {
  const community = await findCommunity(models, communityId);
  assertCanViewPost({ community_nsfw: community.is_nsfw }, user);
  const filter = { community_id: community._id };
  const [elections, total] = await Promise.all([
    models.Election.find(filter)
      .sort({ started_at: -1, _id: -1 })
      .skip(offset)
      .limit(limit)
      .lean<ElectionDoc[]>(),
    models.Election.countDocuments(filter),
  ]);
  return { elections, total, hasMore: offset + elections.length < total };
}
