import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import { activeBan } from '../../models/ban.js';
import { assertNotBanned } from '../../policies/moderation-policy.js';

/**
 * 403 'You are banned from this community' for a user with an active ban there (EXTENSIONS §M2):
 * posting, commenting, voting, reacting and joining. One lookup on the unique (community, user)
 * index; the admin is never banned.
 */
export async function assertNotBannedFrom(
  { Ban }: Pick<ForumModels, 'Ban'>,
  communityId: Types.ObjectId,
  user: AuthUser,
): Promise<void> {
  if (user.isAdmin) return;
  const ban = await Ban.exists({
    community_id: communityId,
    user_id: toObjectId(user.id),
    ...activeBan(new Date()),
  });
  assertNotBanned(ban !== null);
}
