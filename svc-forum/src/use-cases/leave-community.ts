import { CommunityTexts } from '@forum/contracts';
import { badRequest, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { isCreator } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import type { MembershipChange } from './shared/membership-state.js';

/** Idempotent: member_count moves only when this request's delete removed the membership. */
export async function leaveCommunity(
  models: ForumModels,
  user: AuthUser,
  communityId: string,
): Promise<MembershipChange> {
  const community = await findCommunity(models, communityId);
  if (isCreator(community, user)) throw badRequest(CommunityTexts.creatorCannotLeave);
  const { deletedCount } = await models.Membership.deleteOne({
    community_id: community._id,
    user_id: toObjectId(user.id),
  });
  const updated =
    deletedCount === 1
      ? await models.Community.findOneAndUpdate(
          { _id: community._id },
          { $inc: { member_count: -1 } },
          { returnDocument: 'after', projection: { member_count: 1 } },
        ).lean()
      : community;
  return {
    member: false,
    moderator: false,
    memberCount: updated?.member_count ?? community.member_count,
  };
}
