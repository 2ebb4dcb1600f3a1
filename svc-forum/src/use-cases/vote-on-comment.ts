import { CommentTexts, Subjects } from '@forum/contracts';
import { notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommentDoc } from '../models/comment.js';
import { voteDelta } from '../domain/vote-transition.js';
import { wilsonLowerBound } from '../domain/wilson.js';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import { findLiveComment } from './shared/find-comment.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { applyVote, voteEventData, type VoteOutcome } from './shared/apply-vote.js';
import { inRacingTransaction } from './shared/transaction.js';

type Counters = Pick<CommentDoc, 'score' | 'upvotes' | 'downvotes'>;

/**
 * POST /comments/{id}/vote: the post vote state machine (applyVote) on (user, comment), the
 * counters moved by its delta with `best` recomputed from them, and forum.comment.voted (the
 * author's points and notification), all in one transaction. A comment deleted meanwhile (or
 * removed by its post's delete) matches nothing: 404.
 */
export async function voteOnComment(
  { models, conn, outbox }: ForumDeps,
  user: AuthUser,
  id: string,
  requested: 1 | -1,
): Promise<VoteOutcome> {
  const comment = await findLiveComment(models, id);
  await assertNotBannedFrom(models, comment.community_id, user);
  assertCanViewPost(comment, user);
  const post = await models.Post.findById(comment.post_id, { title: 1 }).lean();
  const key = { comment_id: comment._id, user_id: toObjectId(user.id) };
  return inRacingTransaction(conn, async (session) => {
    const transition = await applyVote(models.CommentVote, key, requested, {
      post_id: comment.post_id,
    });
    const delta = voteDelta(transition.previous, transition.next);
    const updated = await models.Comment.findOneAndUpdate(
      { _id: comment._id, is_deleted: false },
      { $inc: delta },
      { returnDocument: 'after', projection: { score: 1, upvotes: 1, downvotes: 1 } },
    ).lean<Counters>();
    if (!updated) throw notFound(CommentTexts.notFound);
    const { score, upvotes, downvotes } = updated;
    await models.Comment.updateOne(
      { _id: comment._id },
      { $set: { best: wilsonLowerBound(upvotes, downvotes) } },
    );
    await outbox.add(
      Subjects.CommentVoted,
      {
        comment_id: comment._id.toHexString(),
        post_id: comment.post_id.toHexString(),
        comment_author_id: comment.author_id!.toHexString(),
        ...(post ? { post_title: post.title } : {}),
        ...voteEventData(user, transition, delta),
      },
      { session },
    );
    return { vote: transition.next, score, upvotes, downvotes };
  });
}
