import { Subjects } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import { hotScore } from '../domain/hot-score.js';
import { voteDelta } from '../domain/vote-transition.js';
import { findVisiblePost } from './shared/find-post.js';
import { applyVote, voteEventData, type VoteOutcome } from './shared/apply-vote.js';

/**
 * POST /posts/{id}/vote. Counters move by the applied transition's delta ($inc), then hot is
 * recomputed under a score guard: only a write that saw the current score lands, and the request
 * that made the last change always sees it, so hot ends consistent with score. Voting on one's
 * own post is allowed (as on Reddit). The author's points move through forum.post.voted.
 */
export async function voteOnPost(
  { models, outbox }: ForumDeps,
  user: AuthUser,
  id: string,
  requested: 1 | -1,
): Promise<VoteOutcome> {
  const post = await findVisiblePost(models, id, user);
  const key = { post_id: post._id, user_id: toObjectId(user.id) };
  const transition = await applyVote(models.PostVote, key, requested);
  const delta = voteDelta(transition.previous, transition.next);
  const updated = await models.Post.findOneAndUpdate(
    { _id: post._id },
    { $inc: delta },
    { returnDocument: 'after', projection: { score: 1, upvotes: 1, downvotes: 1, created_at: 1 } },
  ).lean<Pick<PostDoc, 'score' | 'upvotes' | 'downvotes' | 'created_at'>>();
  const { score, upvotes, downvotes } = updated ?? post;
  if (updated) {
    await models.Post.updateOne(
      { _id: post._id, score: updated.score },
      { $set: { hot: hotScore(updated.score, updated.created_at) } },
    );
  }
  await outbox.add(Subjects.PostVoted, {
    post_id: post._id.toHexString(),
    post_title: post.title,
    post_author_id: post.author_id.toHexString(),
    community_id: post.community_id.toHexString(),
    ...voteEventData(user, transition, delta),
  });
  return { vote: transition.next, score, upvotes, downvotes };
}
