import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findCommunity } from './shared/find-community.js';
import type { MembershipState } from './shared/membership-state.js';

/** Visitors are simply not members. */
export async function getMembership(
  models: ForumModels,
  user: AuthUser | undefined,
  communityId: string,
): Promise<MembershipState> {
  const community = await findCommunity(models, communityId);
  if (!user) return { member: false, moderator: false };
  const membership = await models.Membership.findOne(
    { community_id: community._id, user_id: toObjectId(user.id) },
    { is_moderator: 1 },
  ).lean();
  return { member: !!membership, moderator: membership?.is_moderator ?? false };
}
