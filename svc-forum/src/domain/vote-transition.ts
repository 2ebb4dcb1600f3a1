/** A stored vote: 1 up, -1 down, 0 none (spec §4). */
export type VoteValue = 1 | -1 | 0;

export interface VoteDelta {
  score: number;
  upvotes: number;
  downvotes: number;
}

/** Counter changes for a transition that was actually applied (previous -> next). */
export function voteDelta(previous: VoteValue, next: VoteValue): VoteDelta {
  const count = (v: VoteValue, side: 1 | -1) => (v === side ? 1 : 0);
  return {
    score: next - previous,
    upvotes: count(next, 1) - count(previous, 1),
    downvotes: count(next, -1) - count(previous, -1),
  };
}

/** Spec §4: the same vote again removes it, the opposite (or none) sets it. */
export const nextVote = (previous: VoteValue, requested: 1 | -1): VoteValue =>
  previous === requested ? 0 : requested;
