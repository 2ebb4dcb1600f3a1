import { inTransaction } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';

/**
 * Delete the membership and move member_count in one transaction, only when the delete happened:
 * repeated or concurrent, the count moves once. The community's count after it, or null when
 * there was no membership (leave-community, an account deletion).
 */
export function dropMembership(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  userId: Types.ObjectId,
  communityId: Types.ObjectId,
): Promise<number | null> {
  return inTransaction(conn, async () => {
    const { deletedCount } = await models.Membership.deleteOne({
      user_id: userId,
      community_id: communityId,
    });
    if (deletedCount === 0) return null;
    const updated = await models.Community.findOneAndUpdate(
      { _id: communityId },
      { $inc: { member_count: -1 } },
      { returnDocument: 'after', projection: { member_count: 1 } },
    ).lean();
    return updated?.member_count ?? null;
  });
}
