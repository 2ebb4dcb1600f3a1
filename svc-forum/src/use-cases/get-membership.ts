import type { MembershipResponse } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { findCommunity } from './shared/find-community.js';

/** Visitors are simply not members. */
export async function getMembership(
  models: ForumModels,
  user: AuthUser | undefined,
  communityId: string,
): Promise<MembershipResponse> {
  const community = await findCommunity(models, communityId);
  if (!user) return { isMember: false, isModerator: false };
  const membership = await models.Membership.findOne(
    { community_id: community._id, user_id: oid(user.id) },
    { is_moderator: 1 },
  ).lean();
  return { isMember: !!membership, isModerator: membership?.is_moderator ?? false };
}
