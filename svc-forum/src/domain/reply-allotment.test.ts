import { describe, expect, it } from 'vitest';
import { allotReplies, NESTED_REPLY_LEVELS } from './reply-allotment.js';

describe('allotReplies', () => {
  const level = { perParent: 3, budget: 5 };

  it('gives each parent all its replies when they fit', () => {
    expect(allotReplies([1, 0, 2], level)).toEqual([1, 0, 2]);
  });

  it('caps each parent, then splits the budget in turns, page order first', () => {
    expect(allotReplies([9, 9, 9], level)).toEqual([2, 2, 1]);
    expect(allotReplies([9], level)).toEqual([3]);
  });

  it('passes on what a parent cannot use, and ignores counts below zero', () => {
    expect(allotReplies([1, 9, -2, 9], level)).toEqual([1, 2, 0, 2]);
  });

  it('bounds a page of 50 comments however many replies they have', () => {
    let shown = 50;
    let parents = Array.from({ length: 50 }, () => 1_000_000);
    for (const each of NESTED_REPLY_LEVELS) {
      const shares = allotReplies(parents, each);
      const sum = shares.reduce((a, b) => a + b, 0);
      expect(sum).toBeLessThanOrEqual(each.budget);
      expect(Math.max(...shares)).toBeLessThanOrEqual(each.perParent);
      shown += sum;
      parents = Array.from({ length: sum }, () => 1_000_000);
    }
    expect(shown).toBe(250);
  });
});
