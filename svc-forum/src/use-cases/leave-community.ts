import { type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertCanLeave } from '../policies/community-policy.js';
import { holdsOwnerSeat } from './shared/owner-seat.js';
import { findCommunity } from './shared/find-community.js';
import { dropMembership } from './shared/drop-membership.js';
import type { MembershipChange } from './shared/membership-state.js';

/**
 * Idempotent: member_count drops in the transaction that deleted the membership, so only the
 * request that removed it moves the count.
 */
export async function leaveCommunity(
  deps: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  communityId: string,
): Promise<MembershipChange> {
  const community = await findCommunity(deps.models, communityId);
  assertCanLeave(await holdsOwnerSeat(deps.models, community._id, user));
  const memberCount = await dropMembership(deps, toObjectId(user.id), community._id);
  return {
    member: false,
    moderator: false,
    memberCount: memberCount ?? community.member_count,
  };
}
