import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommunityRole } from '../../policies/moderation-policy.js';

/** The caller's standing in the community: one lookup on the unique (community, user) index. */
export async function loadCommunityRole(
  { Moderator }: Pick<ForumModels, 'Moderator'>,
  communityId: Types.ObjectId,
  user: AuthUser | undefined,
): Promise<CommunityRole> {
  if (!user) return null;
  if (user.isAdmin) return 'admin';
  const seat = await Moderator.findOne(
    { community_id: communityId, user_id: toObjectId(user.id) },
    { role: 1 },
  ).lean();
  return seat?.role ?? null;
}
