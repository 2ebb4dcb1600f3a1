import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, type AuthUser } from '@forum/service-kit';
import { assertCanManageTeam } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findUserByName } from './shared/find-user-by-name.js';
import { loadCommunityRole } from './shared/community-role.js';
import type { ForumDeps } from '../deps.js';
import { loadTeam, type TeamSeat } from './shared/moderator-team.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/**
 * POST /communities/{id}/owner: the owner (or the admin) hands ownership to one of the
 * moderators; the old owner stays on as a moderator. The demotion comes first, so the unique
 * one-owner index holds at every step.
 */
export async function transferOwnership(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  username: string,
): Promise<TeamSeat[]> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanManageTeam(await loadCommunityRole(models, community._id, user));
  const target = await findUserByName(models, username);
  const seat =
    target &&
    (await models.Moderator.findOne(
      { community_id: community._id, user_id: target._id },
      { role: 1 },
    ).lean());
  if (!target || seat?.role !== 'moderator') throw badRequest(T.notModerator);
  await runModeration(deps, user, async ({ session, record }) => {
    await models.Moderator.updateOne(
      { community_id: community._id, role: 'owner' },
      { $set: { role: 'moderator' } },
      { session },
    );
    const { modifiedCount } = await models.Moderator.updateOne(
      { community_id: community._id, user_id: target._id, role: 'moderator' },
      { $set: { role: 'owner' } },
      { session },
    );
    // Stepped down or removed meanwhile (the abort undoes the demotion).
    if (modifiedCount === 0) throw badRequest(T.notModerator);
    await record({
      community: logCommunity(community),
      action: 'transfer_ownership',
      target: { type: 'user', id: target._id, username: target.username, userId: target._id },
    });
  });
  return loadTeam(models, community._id);
}
