import { CommunityTexts, type JoinLeaveResponse } from '@forum/contracts';
import { badRequest, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { isCreator } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';

/** Idempotent: member_count moves only when this request's delete removed the membership. */
export async function leaveCommunity(
  models: ForumModels,
  user: AuthUser,
  communityId: string,
): Promise<JoinLeaveResponse> {
  const community = await findCommunity(models, communityId);
  if (isCreator(community, user)) throw badRequest(CommunityTexts.creatorCannotLeave);
  const { deletedCount } = await models.Membership.deleteOne({
    community_id: community._id,
    user_id: oid(user.id),
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
    isMember: false,
    isModerator: false,
    member_count: Math.max(updated?.member_count ?? community.member_count, 0),
  };
}
