import { ModerationTexts as T, USER_NOT_FOUND, type BanBody } from '@forum/contracts';
import { conflict, isDuplicateKeyError, notFound, type AuthUser } from '@forum/service-kit';
import { activeBan, type BanDoc } from '../models/ban.js';
import { assertBannable, assertCanModerate } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findUserByName } from './shared/find-user-by-name.js';
import { loadCommunityRole } from './shared/community-role.js';
import { loadTargetRole } from './shared/target-role.js';
import type { ForumDeps } from '../deps.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * POST /communities/{id}/bans: `days` from now, or permanent. An expired ban the TTL sweep has
 * not removed yet is replaced; an active one is a 409. Moderators, the owner and the admin
 * cannot be banned there (400).
 */
export async function banUser(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  { username, reason, days }: BanBody,
): Promise<BanDoc> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanModerate(await loadCommunityRole(models, community._id, user));
  const target = await findUserByName(models, username);
  if (!target) throw notFound(USER_NOT_FOUND);
  assertBannable(await loadTargetRole(deps, community._id, target));
  const key = { community_id: community._id, user_id: target._id };
  try {
    return await runModeration(deps, user, async ({ session, logId, record }) => {
      const now = new Date();
      if (await models.Ban.exists({ ...key, ...activeBan(now) }).session(session)) {
        throw conflict(T.alreadyInEffect);
      }
      await models.Ban.deleteOne(key, { session });
      const expiresAt = days ? new Date(now.getTime() + days * DAY_MS) : null;
      const [ban] = await models.Ban.create(
        [
          {
            ...key,
            username: target.username,
            reason,
            expires_at: expiresAt,
            created_at: now,
            moderator_username: user.username,
            modlog_id: logId,
          },
        ],
        { session },
      );
      await record({
        community: logCommunity(community),
        action: 'ban_user',
        target: { type: 'user', id: target._id, username: target.username, userId: target._id },
        reason,
        expiresAt,
        notify: { postId: null, relatedId: community.name },
      });
      return ban!.toObject();
    });
  } catch (err) {
    // A concurrent ban of the same user won the unique (community, user) index.
    if (isDuplicateKeyError(err)) throw conflict(T.alreadyInEffect);
    throw err;
  }
}
