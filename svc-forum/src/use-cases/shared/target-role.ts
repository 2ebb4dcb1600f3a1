import type { Types } from 'mongoose';
import type { CommunityRole } from '../../policies/moderation-policy.js';
import type { ForumDeps } from '../../deps.js';
import type { NamedUser } from './find-user-by-name.js';

/** Another user's standing in the community (the admin is known by ADMIN_USERNAME). */
export async function loadTargetRole(
  { models, adminUsername }: Pick<ForumDeps, 'models' | 'adminUsername'>,
  communityId: Types.ObjectId,
  target: NamedUser,
): Promise<CommunityRole> {
  if (target.username.toLowerCase() === adminUsername.toLowerCase()) return 'admin';
  const seat = await models.Moderator.findOne(
    { community_id: communityId, user_id: target._id },
    { role: 1 },
  ).lean();
  return seat?.role ?? null;
}
