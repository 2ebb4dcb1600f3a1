import { ModerationTexts as T, type ModlogAction } from '@forum/contracts';
import { conflict, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { CommentDoc } from '../../models/comment.js';
import type { RemovalFields } from '../../models/moderation-fields.js';
import { assertCanModerate } from '../../policies/moderation-policy.js';
import { findLiveComment } from './find-comment.js';
import { loadCommunityRole } from './community-role.js';
import type { ForumDeps } from '../../deps.js';
import { communityOf, runModeration, type ModerationStep } from './run-moderation.js';

export type ModeratedComment = CommentDoc & RemovalFields;

export interface CommentChange {
  action: ModlogAction;
  from: Record<string, unknown>;
  to: (logId: Types.ObjectId) => Record<string, unknown>;
  reason?: string | undefined;
  /** More of the same step, after the log entry (a removal closes the comment's reports). */
  after?: (step: ModerationStep, comment: ModeratedComment) => Promise<void>;
}

/**
 * A moderator's change to a comment (a deleted placeholder is 404, as for its other writes):
 * the change, its log entry (titled with the post's title, never the comment's text) and the
 * author's notification are one transaction.
 */
export async function moderateComment(
  deps: ForumDeps,
  user: AuthUser,
  id: string,
  change: CommentChange,
): Promise<ModeratedComment> {
  const { models } = deps;
  const comment: ModeratedComment = await findLiveComment(models, id);
  assertCanModerate(await loadCommunityRole(models, comment.community_id, user));
  const postTitle = await loadPostTitle(models, comment);
  return runModeration(deps, user, async (step) => {
    const updated = await applyCommentChange(deps, step, comment, postTitle, change);
    if (!updated) throw conflict(T.alreadyInEffect);
    return updated;
  });
}

/** The title a comment's log entry carries: its post's. */
export const loadPostTitle = async (
  models: ForumDeps['models'],
  comment: Pick<CommentDoc, 'post_id'>,
): Promise<string | null> =>
  (await models.Post.findById(comment.post_id, { title: 1 }).lean())?.title ?? null;

/**
 * The change and its log entry inside a moderation step (the caller checked the permission):
 * the comment as it is now, or null when `from` no longer matches (or it was deleted).
 */
export async function applyCommentChange(
  deps: ForumDeps,
  step: ModerationStep,
  comment: ModeratedComment,
  postTitle: string | null,
  change: CommentChange,
): Promise<ModeratedComment | null> {
  const updated = await deps.models.Comment.findOneAndUpdate(
    { _id: comment._id, is_deleted: false, ...change.from },
    { $set: change.to(step.logId) },
    { returnDocument: 'after', session: step.session },
  ).lean<ModeratedComment>();
  if (!updated) return null;
  await step.record({
    community: communityOf(comment),
    action: change.action,
    target: {
      type: 'comment',
      id: comment._id,
      title: postTitle,
      username: comment.author_username,
      userId: comment.author_id,
    },
    reason: change.reason ?? null,
    notify: { postId: comment.post_id, relatedId: comment._id.toHexString() },
  });
  await change.after?.(step, updated);
  return updated;
}
