import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, conflict, isDuplicateKeyError, type AuthUser } from '@forum/service-kit';
import { activeBan } from '../models/ban.js';
import type { ModeratorDoc } from '../models/moderator.js';
import { assertCanManageTeam } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findUserByName } from './shared/find-user-by-name.js';
import { loadCommunityRole } from './shared/community-role.js';
import type { ForumDeps } from '../deps.js';
import { withAvatars, type TeamSeat } from './shared/moderator-team.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/**
 * POST /communities/{id}/moderators (the owner or the admin): a member who is not banned there
 * becomes a moderator; the member list shows it too.
 */
export async function addModerator(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  username: string,
): Promise<TeamSeat> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanManageTeam(await loadCommunityRole(models, community._id, user));
  const target = await findUserByName(models, username);
  if (!target) throw badRequest(T.notMember);
  const key = { community_id: community._id, user_id: target._id };
  const [member, banned, seated] = await Promise.all([
    models.Membership.exists(key),
    models.Ban.exists({ ...key, ...activeBan(new Date()) }),
    models.Moderator.exists(key),
  ]);
  if (!member || banned) throw badRequest(T.notMember);
  if (seated) throw conflict(T.alreadyModerator);
  try {
    const seat = await runModeration(deps, user, async ({ session, record }) => {
      const [created] = await models.Moderator.create(
        [
          {
            ...key,
            username: target.username,
            role: 'moderator',
            source: 'appointed',
            since: new Date(),
          },
        ],
        { session },
      );
      await models.Membership.updateOne(key, { $set: { is_moderator: true } }, { session });
      await record({
        community: logCommunity(community),
        action: 'add_moderator',
        target: { type: 'user', id: target._id, username: target.username, userId: target._id },
      });
      return created!.toObject<ModeratorDoc>();
    });
    const [withAvatar] = await withAvatars(models, [seat]);
    return withAvatar!;
  } catch (err) {
    if (isDuplicateKeyError(err)) throw conflict(T.alreadyModerator);
    throw err;
  }
}
