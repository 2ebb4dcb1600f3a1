import { describe, expect, it } from 'vitest';
import { nextVote, voteDelta, type VoteValue } from './vote-transition.js';

describe('vote transitions (spec §4)', () => {
  it.each<[VoteValue, 1 | -1, VoteValue, number, number, number]>([
    [0, 1, 1, 1, 1, 0],
    [0, -1, -1, -1, 0, 1],
    [1, 1, 0, -1, -1, 0],
    [-1, -1, 0, 1, 0, -1],
    [1, -1, -1, -2, -1, 1],
    [-1, 1, 1, 2, 1, -1],
  ])('from %s voting %s ends at %s (score %s, up %s, down %s)', (prev, req, next, s, u, d) => {
    expect(nextVote(prev, req)).toBe(next);
    expect(voteDelta(prev, next)).toEqual({ score: s, upvotes: u, downvotes: d });
  });
});
