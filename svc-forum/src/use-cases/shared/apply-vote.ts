import type { AuthUser } from '@forum/service-kit';
import type { VoteDelta, VoteValue } from '../../domain/vote-transition.js';

/** What a vote request left behind: the caller's vote (0: none) and the target's counters. */
export interface VoteOutcome extends VoteDelta {
  vote: VoteValue;
}

/** The voter and the transition, as forum.post.voted and forum.comment.voted both carry them. */
export const voteEventData = (
  user: AuthUser,
  { previous, next }: { previous: VoteValue; next: VoteValue },
  delta: VoteDelta,
) => ({
  voter_id: user.id,
  voter_username: user.username,
  vote_type: next,
  previous_vote_type: previous,
  score_delta: delta.score,
});

/** The part of a vote model (PostVote, CommentVote) the state machine needs. */
export interface VoteStore {
  findOneAndDelete(filter: Record<string, unknown>): { lean(): PromiseLike<unknown> };
  findOneAndUpdate(
    filter: Record<string, unknown>,
    update: Record<string, unknown>,
  ): { lean(): PromiseLike<unknown> };
  create(doc: Record<string, unknown>): Promise<unknown>;
}

/**
 * Spec §4 for posts and comments alike, reporting the transition that actually happened: remove
 * a matching vote, else flip an opposite one, else insert under the unique (user, target) index.
 * Runs inside a transaction with the counter update and the event (inRacingTransaction): a
 * concurrent first vote of the same pair makes the insert fail, and the transaction is re-run.
 * `key` names the voter and the target; `extra` is stored on insert only.
 */
export async function applyVote(
  store: VoteStore,
  key: Record<string, unknown>,
  requested: 1 | -1,
  extra: Record<string, unknown> = {},
): Promise<{ previous: VoteValue; next: VoteValue }> {
  const opposite = -requested as 1 | -1;
  if (await store.findOneAndDelete({ ...key, vote_type: requested }).lean()) {
    return { previous: requested, next: 0 };
  }
  const flipped = await store
    .findOneAndUpdate({ ...key, vote_type: opposite }, { $set: { vote_type: requested } })
    .lean();
  if (flipped) return { previous: opposite, next: requested };
  await store.create({ ...key, ...extra, vote_type: requested, created_at: new Date() });
  return { previous: 0, next: requested };
}
