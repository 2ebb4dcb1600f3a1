import { Subjects } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommentDoc } from '../models/comment.js';
import { voteDelta } from '../domain/vote-transition.js';
import { wilsonLowerBound } from '../domain/wilson.js';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import { findLiveComment } from './shared/find-comment.js';
import { applyVote, voteEventData, type VoteOutcome } from './shared/apply-vote.js';

type Counters = Pick<CommentDoc, 'score' | 'upvotes' | 'downvotes'>;

/**
 * POST /comments/{id}/vote: the post vote state machine (applyVote) on (user, comment), the
 * counters moved by its delta, then `best` recomputed under a guard on the counters it was
 * computed from (only a write that saw the current counts lands; the last change always does).
 * The author's points and notification follow from forum.comment.voted.
 */
export async function voteOnComment(
  { models, outbox }: ForumDeps,
  user: AuthUser,
  id: string,
  requested: 1 | -1,
): Promise<VoteOutcome> {
  const comment = await findLiveComment(models, id);
  assertCanViewPost(comment, user);
  const key = { comment_id: comment._id, user_id: toObjectId(user.id) };
  const transition = await applyVote(models.CommentVote, key, requested, {
    post_id: comment.post_id,
  });
  const delta = voteDelta(transition.previous, transition.next);
  const updated = await models.Comment.findOneAndUpdate(
    { _id: comment._id },
    { $inc: delta },
    { returnDocument: 'after', projection: { score: 1, upvotes: 1, downvotes: 1 } },
  ).lean<Counters>();
  const { score, upvotes, downvotes } = updated ?? comment;
  if (updated) {
    await models.Comment.updateOne(
      { _id: comment._id, upvotes: updated.upvotes, downvotes: updated.downvotes },
      { $set: { best: wilsonLowerBound(updated.upvotes, updated.downvotes) } },
    );
  }
  const post = await models.Post.findById(comment.post_id, { title: 1 }).lean();
  await outbox.add(Subjects.CommentVoted, {
    comment_id: comment._id.toHexString(),
    post_id: comment.post_id.toHexString(),
    comment_author_id: comment.author_id!.toHexString(),
    ...(post ? { post_title: post.title } : {}),
    ...voteEventData(user, transition, delta),
  });
  return { vote: transition.next, score, upvotes, downvotes };
}
