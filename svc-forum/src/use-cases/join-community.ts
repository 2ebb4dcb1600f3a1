import { isDuplicateKeyError, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findCommunity } from './shared/find-community.js';
import type { MembershipChange } from './shared/membership-state.js';

/**
 * Idempotent: member_count moves only when this request's insert succeeded; the unique
 * (community_id, user_id) index turns a repeated or concurrent join into a no-op.
 */
export async function joinCommunity(
  models: ForumModels,
  user: AuthUser,
  communityId: string,
): Promise<MembershipChange> {
  const community = await findCommunity(models, communityId);
  let inserted = true;
  try {
    await models.Membership.create({
      community_id: community._id,
      user_id: toObjectId(user.id),
      username: user.username,
      is_moderator: false,
      joined_at: new Date(),
    });
  } catch (err) {
    if (!isDuplicateKeyError(err)) throw err;
    inserted = false;
  }
  const updated = inserted
    ? await models.Community.findOneAndUpdate(
        { _id: community._id },
        { $inc: { member_count: 1 } },
        { returnDocument: 'after', projection: { member_count: 1 } },
      ).lean()
    : community;
  const membership = await models.Membership.findOne(
    { community_id: community._id, user_id: toObjectId(user.id) },
    { is_moderator: 1 },
  ).lean();
  return {
    member: true,
    moderator: membership?.is_moderator ?? false,
    memberCount: updated?.member_count ?? community.member_count,
  };
}
