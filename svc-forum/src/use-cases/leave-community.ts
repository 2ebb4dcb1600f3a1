import { inTransaction, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertCanLeave } from '../policies/community-policy.js';
import { holdsOwnerSeat } from './shared/owner-seat.js';
import { findCommunity } from './shared/find-community.js';
import type { MembershipChange } from './shared/membership-state.js';

/**
 * Idempotent: member_count drops in the transaction that deleted the membership, so only the
 * request that removed it moves the count.
 */
export async function leaveCommunity(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  communityId: string,
): Promise<MembershipChange> {
  const community = await findCommunity(models, communityId);
  assertCanLeave(await holdsOwnerSeat(models, community._id, user));
  const updated = await inTransaction(conn, async () => {
    const { deletedCount } = await models.Membership.deleteOne({
      user_id: toObjectId(user.id),
      community_id: community._id,
    });
    if (deletedCount === 0) return null;
    return models.Community.findOneAndUpdate(
      { _id: community._id },
      { $inc: { member_count: -1 } },
      { returnDocument: 'after', projection: { member_count: 1 } },
    ).lean();
  });
  return {
    member: false,
    moderator: false,
    memberCount: updated?.member_count ?? community.member_count,
  };
}
