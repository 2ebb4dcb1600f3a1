import { describe, expect, it } from 'vitest';
import { wilsonLowerBound } from './wilson.js';

describe('wilsonLowerBound', () => {
  it('is 0 without votes and stays within [0, 1]', () => {
    expect(wilsonLowerBound(0, 0)).toBe(0);
    for (const [u, d] of [
      [1, 0],
      [0, 1],
      [1000, 0],
      [5, 5],
    ] as const) {
      const v = wilsonLowerBound(u, d);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  it('ranks a well-supported comment above a lucky single vote', () => {
    expect(wilsonLowerBound(100, 10)).toBeGreaterThan(wilsonLowerBound(1, 0));
    expect(wilsonLowerBound(10, 0)).toBeGreaterThan(wilsonLowerBound(1, 0));
    expect(wilsonLowerBound(10, 1)).toBeGreaterThan(wilsonLowerBound(10, 5));
  });

  it('matches the reference value for 1 up, 0 down', () => {
    // (p + z²/2n − z·sqrt(...)) / (1 + z²/n) with z = 1.2816, p = 1, n = 1.
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(0.3784, 3);
  });

  it('treats negative counters (a momentary race) as zero', () => {
    expect(wilsonLowerBound(-1, 0)).toBe(0);
  });
});
