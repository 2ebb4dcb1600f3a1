import { ModerationTexts as T } from '@forum/contracts';
import { notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import { activeBan, type BanDoc } from '../models/ban.js';
import { assertCanModerate } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import type { ForumDeps } from '../deps.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

/** DELETE /communities/{id}/bans/{userId}: lifts an active ban (404 when there is none). */
export async function unbanUser(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  userId: string,
): Promise<BanDoc> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanModerate(await loadCommunityRole(models, community._id, user));
  return runModeration(deps, user, async ({ session, record }) => {
    const ban = await models.Ban.findOneAndDelete(
      { community_id: community._id, user_id: toObjectId(userId), ...activeBan(new Date()) },
      { session },
    ).lean<BanDoc>();
    if (!ban) throw notFound(T.notBanned);
    await record({
      community: logCommunity(community),
      action: 'unban_user',
      target: { type: 'user', id: ban.user_id, username: ban.username, userId: ban.user_id },
      notify: { postId: null, relatedId: community.name },
    });
    return ban;
  });
}
