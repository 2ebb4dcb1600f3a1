import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { activeBan } from '../models/ban.js';
import { findCommunity } from './shared/find-community.js';
import type { MembershipState } from './shared/membership-state.js';

/**
 * The caller's place: member, on the team (EXTENSIONS §M1: the owner and the moderators), the
 * owner, and an active ban (the banner and the appeal's log entry). Visitors are none of these.
 */
export async function getMembership(
  models: ForumModels,
  user: AuthUser | undefined,
  communityId: string,
): Promise<MembershipState> {
  const { Membership, Moderator, Ban } = models;
  const community = await findCommunity(models, communityId);
  if (!user) return { member: false, moderator: false, owner: false, ban: null };
  const key = { community_id: community._id, user_id: toObjectId(user.id) };
  const [membership, seat, ban] = await Promise.all([
    Membership.exists(key),
    Moderator.findOne(key, { role: 1 }).lean(),
    Ban.findOne({ ...key, ...activeBan(new Date()) }).lean(),
  ]);
  return {
    member: membership !== null,
    moderator: seat !== null,
    owner: seat?.role === 'owner',
    ban: ban && { reason: ban.reason, expiresAt: ban.expires_at, modlogId: ban.modlog_id },
  };
}
