import type { CastVoteResponse, VoteResponse } from '@forum/contracts';
import type { VoteValue } from '../domain/vote-transition.js';
import type { VoteOutcome } from '../use-cases/shared/apply-vote.js';

/** The caller's vote; none (0 or null) is null on the wire. */
export const presentVote = (vote: VoteValue | null): VoteResponse => ({
  vote: { vote_type: vote === 0 ? null : vote },
});

/** After a vote: the caller's vote and the target's counters (never below 0 on the wire). */
export const presentVoteOutcome = ({
  vote,
  score,
  upvotes,
  downvotes,
}: VoteOutcome): CastVoteResponse => ({
  ...presentVote(vote),
  score,
  upvotes: Math.max(upvotes, 0),
  downvotes: Math.max(downvotes, 0),
});
