import { ModerationTexts as T } from '@forum/contracts';
import { conflict, notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ClientSession } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { AppealDoc, AppealOutcome } from '../models/appeal.js';
import type { PostDoc } from '../models/post.js';
import { APPEAL_DECIDED, assertCanDecide } from '../policies/appeal-policy.js';
import { loadCommunityRole } from './shared/community-role.js';
import { runModeration, type ModlogDraft } from './shared/run-moderation.js';
import { communityOfPost, movePostCounts, oneRemoved } from './shared/move-post-counts.js';
import { markCommentsOf } from './shared/mark-comments.js';

/**
 * Undoes the appealed action, if it still stands as that decision left it: a post or comment
 * removed by this very entry (a later removal is another decision), the ban this entry placed.
 * Already reversed (restored, unbanned, expired, deleted): nothing more to undo.
 */
async function reverse(
  { models }: Pick<ForumDeps, 'models'>,
  appeal: AppealDoc,
  session: ClientSession,
): Promise<void> {
  const restore = {
    $set: { removed: false, removal_reason: null, removal_modlog_id: null },
  };
  const removedByIt = { _id: appeal.target_id, removed: true, removal_modlog_id: appeal.modlog_id };
  if (appeal.action === 'remove_post') {
    const restored = await models.Post.findOneAndUpdate(removedByIt, restore, {
      projection: { community_id: 1, community_nsfw: 1, deleting: 1 },
      session,
    }).lean<Pick<PostDoc, '_id' | 'community_id' | 'community_nsfw' | 'deleting'>>();
    // Back in the lists (unless its delete has started: it left the counters then).
    if (restored && !restored.deleting) {
      await movePostCounts(models, communityOfPost(restored), oneRemoved(-1));
    }
    if (restored) await markCommentsOf({ models }, restored._id, false, session);
  } else if (appeal.action === 'remove_comment') {
    await models.Comment.updateOne(removedByIt, restore, { session });
  } else {
    await models.Ban.deleteOne(
      {
        community_id: appeal.community_id,
        user_id: appeal.appellant_id,
        modlog_id: appeal.modlog_id,
      },
      { session },
    );
  }
}

/** Where the appellant's notification leads: the item, or the community's log for a ban. */
const notifyOf = (appeal: AppealDoc): NonNullable<ModlogDraft['notify']> =>
  appeal.action === 'ban_user'
    ? { postId: null, relatedId: appeal.community_name }
    : { postId: appeal.post_id, relatedId: appeal.target_id?.toHexString() ?? null };

/**
 * POST /appeals/{id}/decide (EXTENSIONS §M6). Overturn reverses the action; either outcome writes
 * ONE log entry (appeal_overturned / appeal_upheld, about the original target, with the
 * decision's reason) and tells the appellant (forum.mod_action.recorded, recipient the
 * appellant), in one transaction with the appeal's update. Deciding twice is a 409.
 */
export async function decideAppeal(
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  { outcome, reason }: { outcome: AppealOutcome; reason: string },
): Promise<AppealDoc> {
  const { models } = deps;
  const appeal = await models.Appeal.findById(toObjectId(id)).lean<AppealDoc>();
  if (!appeal) throw notFound(T.appealNotFound);
  const [role, othersOnTeam] = await Promise.all([
    loadCommunityRole(models, appeal.community_id, user),
    models.Moderator.exists({
      community_id: appeal.community_id,
      user_id: { $nin: [toObjectId(user.id), appeal.appellant_id] },
    }),
  ]);
  assertCanDecide(role, user, appeal, othersOnTeam !== null);
  if (appeal.status === 'closed') throw conflict(APPEAL_DECIDED);
  return runModeration(deps, user, async (step) => {
    const decided = await models.Appeal.findOneAndUpdate(
      { _id: appeal._id, status: 'open' },
      {
        $set: {
          status: 'closed',
          outcome,
          decision_reason: reason,
          decided_by_id: toObjectId(user.id),
          decided_by_username: user.username,
          decision_modlog_id: step.logId,
          decided_at: new Date(),
        },
      },
      { returnDocument: 'after', session: step.session },
    ).lean<AppealDoc>();
    if (!decided) throw conflict(APPEAL_DECIDED);
    if (outcome === 'overturn') await reverse(deps, appeal, step.session);
    await step.record({
      community: {
        _id: appeal.community_id,
        name: appeal.community_name,
        nsfw: appeal.community_nsfw,
      },
      action: outcome === 'overturn' ? 'appeal_overturned' : 'appeal_upheld',
      target: {
        type: appeal.target_type,
        id: appeal.target_id,
        title: appeal.target_title,
        username: appeal.target_username,
        userId: appeal.appellant_id,
      },
      reason,
      notify: notifyOf(appeal),
    });
    return decided;
  });
}
