import { PostTexts, Subjects } from '@forum/contracts';
import { notFound, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import { NOT_DELETING } from '../models/deletion.js';
import { hotScore } from '../domain/hot-score.js';
import { voteDelta } from '../domain/vote-transition.js';
import { findVisiblePost } from './shared/find-post.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { applyVote, voteEventData, type VoteOutcome } from './shared/apply-vote.js';
import { inRacingTransaction } from './shared/transaction.js';

/**
 * POST /posts/{id}/vote. One transaction: the vote's transition, the post's counters moved by its
 * delta with hot recomputed from the new score, and forum.post.voted (the author's points and
 * notification), so a crash keeps all of them or none. Voting on one's own post is allowed (as on
 * Reddit). A post whose delete has started matches nothing: 404.
 */
export async function voteOnPost(
  { models, conn, outbox }: ForumDeps,
  user: AuthUser,
  id: string,
  requested: 1 | -1,
): Promise<VoteOutcome> {
  const post = await findVisiblePost(models, id, user);
  await assertNotBannedFrom(models, post.community_id, user);
  const key = { post_id: post._id, user_id: toObjectId(user.id) };
  return inRacingTransaction(conn, async (session) => {
    const transition = await applyVote(models.PostVote, key, requested);
    const delta = voteDelta(transition.previous, transition.next);
    const updated = await models.Post.findOneAndUpdate(
      { _id: post._id, ...NOT_DELETING },
      { $inc: delta },
      {
        returnDocument: 'after',
        projection: { score: 1, upvotes: 1, downvotes: 1, created_at: 1 },
      },
    ).lean<Pick<PostDoc, 'score' | 'upvotes' | 'downvotes' | 'created_at'>>();
    if (!updated) throw notFound(PostTexts.notFound);
    const { score, upvotes, downvotes } = updated;
    await models.Post.updateOne(
      { _id: post._id },
      { $set: { hot: hotScore(score, updated.created_at) } },
    );
    await outbox.add(
      Subjects.PostVoted,
      {
        post_id: post._id.toHexString(),
        post_title: post.title,
        post_author_id: post.author_id.toHexString(),
        community_id: post.community_id.toHexString(),
        ...voteEventData(user, transition, delta),
      },
      { session },
    );
    return { vote: transition.next, score, upvotes, downvotes };
  });
}
