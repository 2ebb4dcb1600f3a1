import { CommunityTexts } from '@forum/contracts';
import {
  inTransaction,
  isDuplicateKeyError,
  notFound,
  type AuthUser,
  toObjectId,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { NOT_DELETING } from '../models/deletion.js';
import { findCommunity } from './shared/find-community.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import type { MembershipChange } from './shared/membership-state.js';

/**
 * Idempotent: the membership and member_count's +1 are one transaction; the unique
 * (user_id, community_id) index turns a repeated or concurrent join into a duplicate key, which
 * aborts it, so the count moves once. A community whose delete has started matches nothing: 404.
 */
export async function joinCommunity(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  communityId: string,
): Promise<MembershipChange> {
  const community = await findCommunity(models, communityId);
  await assertNotBannedFrom(models, community._id, user);
  const userId = toObjectId(user.id);
  const counted = await inTransaction(conn, async () => {
    await models.Membership.create([
      {
        community_id: community._id,
        user_id: userId,
        username: user.username,
        is_moderator: false,
        joined_at: new Date(),
      },
    ]);
    const updated = await models.Community.findOneAndUpdate(
      { _id: community._id, ...NOT_DELETING },
      { $inc: { member_count: 1 } },
      { returnDocument: 'after', projection: { member_count: 1 } },
    ).lean();
    if (!updated) throw notFound(CommunityTexts.notFound);
    return updated;
  }).catch((err: unknown) => {
    if (isDuplicateKeyError(err)) return null; // already a member
    throw err;
  });
  const membership = await models.Membership.findOne(
    { user_id: userId, community_id: community._id },
    { is_moderator: 1 },
  ).lean();
  return {
    member: true,
    moderator: membership?.is_moderator ?? false,
    memberCount: counted?.member_count ?? community.member_count,
  };
}
