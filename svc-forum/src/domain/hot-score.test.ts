import { describe, expect, it } from 'vitest';
import { hotScore } from './hot-score.js';

describe('hotScore', () => {
  const t = new Date('2026-01-01T00:00:00Z');

  it('grows with the log of the score', () => {
    expect(hotScore(10, t) - hotScore(1, t)).toBeCloseTo(1, 5);
    expect(hotScore(100, t) - hotScore(10, t)).toBeCloseTo(1, 5);
  });

  it('treats 0 and 1 alike and penalises negative scores', () => {
    expect(hotScore(0, t)).toBe(hotScore(1, t));
    expect(hotScore(-10, t)).toBeLessThan(hotScore(0, t));
  });

  it('prefers newer posts: 12.5 hours is worth one order of magnitude', () => {
    const later = new Date(t.getTime() + 45000 * 1000);
    expect(hotScore(1, later)).toBeCloseTo(hotScore(10, t), 5);
  });
});
