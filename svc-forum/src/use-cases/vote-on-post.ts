import { Subjects, createEvent, type CastVoteResponse } from '@forum/contracts';
import { isDuplicateKeyError, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { hotScore } from '../domain/hot-score.js';
import { voteDelta, type VoteValue } from '../domain/vote-transition.js';
import { oid } from '../http/ids.js';
import { findVisiblePost } from './shared/find-post.js';

/**
 * Apply the spec §4 transition with single-document atomic operations and report the one that
 * actually happened: remove a matching vote, else flip an opposite one, else insert. A lost race
 * (the document changed between steps) simply tries the next step or starts over, so concurrent
 * requests never double-count.
 */
async function applyVote(
  { PostVote }: ForumModels,
  postId: Types.ObjectId,
  userId: Types.ObjectId,
  requested: 1 | -1,
): Promise<{ previous: VoteValue; next: VoteValue }> {
  const key = { post_id: postId, user_id: userId };
  for (;;) {
    if (await PostVote.findOneAndDelete({ ...key, vote_type: requested }).lean()) {
      return { previous: requested, next: 0 };
    }
    const flipped = await PostVote.findOneAndUpdate(
      { ...key, vote_type: -requested as 1 | -1 },
      { $set: { vote_type: requested } },
    ).lean();
    if (flipped) return { previous: -requested as VoteValue, next: requested };
    try {
      await PostVote.create({ ...key, vote_type: requested, created_at: new Date() });
      return { previous: 0, next: requested };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

/**
 * POST /posts/{id}/vote. Counters move by the applied transition's delta ($inc), then hot is
 * recomputed under a score guard: only a write that saw the current score lands, and the request
 * that made the last change always sees it, so hot ends consistent with score. Voting on one's
 * own post is allowed (as on Reddit). The author's points move through forum.post.voted.
 */
export async function voteOnPost(
  { models, events }: ForumDeps,
  user: AuthUser,
  id: string,
  requested: 1 | -1,
): Promise<CastVoteResponse> {
  const post = await findVisiblePost(models, id, user);
  const { previous, next } = await applyVote(models, post._id, oid(user.id), requested);
  const delta = voteDelta(previous, next);
  const updated = await models.Post.findOneAndUpdate(
    { _id: post._id },
    { $inc: delta },
    { new: true, projection: { score: 1, upvotes: 1, downvotes: 1, created_at: 1 } },
  ).lean<Pick<PostDoc, 'score' | 'upvotes' | 'downvotes' | 'created_at'>>();
  const counters = updated ?? post;
  if (updated) {
    await models.Post.updateOne(
      { _id: post._id, score: updated.score },
      { $set: { hot: hotScore(updated.score, updated.created_at) } },
    );
  }
  await events.add(
    Subjects.PostVoted,
    createEvent(Subjects.PostVoted, {
      post_id: post._id.toHexString(),
      post_title: post.title,
      post_author_id: post.author_id.toHexString(),
      community_id: post.community_id.toHexString(),
      voter_id: user.id,
      voter_username: user.username,
      vote_type: next,
      previous_vote_type: previous,
      score_delta: delta.score,
    }),
  );
  return {
    vote: { vote_type: next === 0 ? null : next },
    score: counters.score,
    upvotes: Math.max(counters.upvotes, 0),
    downvotes: Math.max(counters.downvotes, 0),
  };
}
