import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import { assertCanRemoveModerator } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import type { ForumDeps } from '../deps.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/**
 * DELETE /communities/{id}/moderators/{userId}: the owner or the admin removes a moderator, or a
 * moderator steps down. The owner cannot be removed (a hand-over comes first).
 */
export async function removeModerator(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  userId: string,
  reason?: string,
): Promise<void> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanRemoveModerator(await loadCommunityRole(models, community._id, user), user, userId);
  const key = { community_id: community._id, user_id: toObjectId(userId) };
  const seat = await models.Moderator.findOne(key).lean();
  if (!seat) throw notFound(T.notModerator);
  if (seat.role === 'owner') throw badRequest(T.ownerCannotBeRemoved);
  await runModeration(deps, user, async ({ session, record }) => {
    const { deletedCount } = await models.Moderator.deleteOne(
      { ...key, role: 'moderator' },
      { session },
    );
    if (deletedCount === 0) throw notFound(T.notModerator);
    await models.Membership.updateOne(key, { $set: { is_moderator: false } }, { session });
    await record({
      community: logCommunity(community),
      action: 'remove_moderator',
      target: { type: 'user', id: seat.user_id, username: seat.username, userId: seat.user_id },
      reason: reason ?? null,
    });
  });
}
