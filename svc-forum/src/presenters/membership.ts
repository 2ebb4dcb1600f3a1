import type { JoinLeaveResponse, MembershipResponse } from '@forum/contracts';
import type { MembershipChange, MembershipState } from '../use-cases/shared/membership-state.js';

export const presentMembership = ({
  member,
  moderator,
  owner,
  ban,
}: MembershipState): MembershipResponse => ({
  isMember: member,
  isModerator: moderator,
  ...(owner !== undefined ? { isOwner: owner } : {}),
  ...(ban !== undefined
    ? {
        ban: ban && {
          reason: ban.reason,
          expires_at: ban.expiresAt?.toISOString() ?? null,
          modlog_id: ban.modlogId.toHexString(),
        },
      }
    : {}),
});

/** Join and leave: the membership and the member count (never below 0 on the wire). */
export const presentMembershipChange = (change: MembershipChange): JoinLeaveResponse => ({
  ...presentMembership(change),
  member_count: Math.max(change.memberCount, 0),
});
