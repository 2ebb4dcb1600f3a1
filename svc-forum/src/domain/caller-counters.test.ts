import { describe, expect, it } from 'vitest';
import { mayHoldReactions, mayHoldVotes } from './caller-counters.js';

describe('mayHoldVotes', () => {
  it('is false only when both counters are at zero', () => {
    expect(mayHoldVotes({ upvotes: 0, downvotes: 0 })).toBe(false);
    expect(mayHoldVotes({ upvotes: 1, downvotes: 0 })).toBe(true);
    expect(mayHoldVotes({ upvotes: 0, downvotes: 2 })).toBe(true);
    // Drifted or never written counters: the read decides.
    expect(mayHoldVotes({ upvotes: -1, downvotes: 1 })).toBe(true);
    expect(mayHoldVotes({})).toBe(true);
  });
});

describe('mayHoldReactions', () => {
  it('is false when every stored counter is at zero', () => {
    expect(mayHoldReactions({ reactions: { heart: 0, laugh: 0 } })).toBe(false);
    expect(mayHoldReactions({ reactions: {} })).toBe(false);
    expect(mayHoldReactions({ reactions: { heart: 0, laugh: 1 } })).toBe(true);
    expect(mayHoldReactions({})).toBe(true);
  });
});
