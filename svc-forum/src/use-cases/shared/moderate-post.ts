import { ModerationTexts as T, type ModlogAction } from '@forum/contracts';
import { conflict, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { PostDoc } from '../../models/post.js';
import type { PostModerationFields } from '../../models/moderation-fields.js';
import { assertCanModerate } from '../../policies/moderation-policy.js';
import { findPost } from './find-post.js';
import { loadCommunityRole } from './community-role.js';
import type { ForumDeps } from '../../deps.js';
import { communityOf, runModeration, type ModerationStep } from './run-moderation.js';
import { communityOfPost, movePostCounts, oneRemoved } from './move-post-counts.js';

export type ModeratedPost = PostDoc & PostModerationFields;

/** One of §M2's post actions, as data: the state it needs, the state it leaves. */
export interface PostChange {
  action: ModlogAction;
  /** The post must match this, else the action is already in effect (409, nothing changes). */
  from: Record<string, unknown>;
  to: (logId: Types.ObjectId) => Record<string, unknown>;
  reason?: string | undefined;
  /** Tell the author (§M7). */
  notify: boolean;
  /** Removes (1) or restores (-1) the post: the removed-post counters move with it. */
  removal?: 1 | -1;
  /** Checks inside the transaction, before the change (the pin limit). */
  check?: (post: ModeratedPost, step: ModerationStep) => Promise<void>;
  /** More of the same step, after the log entry (a removal closes the post's reports). */
  after?: (step: ModerationStep, post: ModeratedPost) => Promise<void>;
}

/**
 * A moderator's change to a post: the caller must moderate its community; the change (guarded
 * by `from`), its log entry and the author's notification are one transaction.
 */
export async function moderatePost(
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  change: PostChange,
): Promise<ModeratedPost> {
  const { models } = deps;
  const post: ModeratedPost = await findPost(models, id);
  assertCanModerate(await loadCommunityRole(models, post.community_id, user));
  return runModeration(deps, user, async (step) => {
    const updated = await applyPostChange(deps, step, post, change);
    if (!updated) throw conflict(T.alreadyInEffect);
    return updated;
  });
}

/**
 * The change and its log entry inside a moderation step (the caller checked the permission):
 * the post as it is now, or null when `from` no longer matches (already in effect). A removal or
 * restore moves the post counters in the same step.
 */
export async function applyPostChange(
  deps: ForumDeps,
  step: ModerationStep,
  post: ModeratedPost,
  change: PostChange,
): Promise<ModeratedPost | null> {
  await change.check?.(post, step);
  const updated = await deps.models.Post.findOneAndUpdate(
    { _id: post._id, ...change.from },
    { $set: change.to(step.logId) },
    { returnDocument: 'after', session: step.session },
  ).lean<ModeratedPost>();
  if (!updated) return null;
  // A post whose delete has started left the counters already.
  if (change.removal && !updated.deleting) {
    await movePostCounts(deps.models, communityOfPost(post), oneRemoved(change.removal));
  }
  await step.record({
    community: communityOf(post),
    action: change.action,
    target: {
      type: 'post',
      id: post._id,
      title: post.title,
      username: post.author_username,
      userId: post.author_id,
    },
    reason: change.reason ?? null,
    ...(change.notify ? { notify: { postId: post._id, relatedId: post._id.toHexString() } } : {}),
  });
  await change.after?.(step, updated);
  return updated;
}
