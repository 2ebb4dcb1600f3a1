import { describe, expect, it } from 'vitest';
import { RECONNECT_MAX_MS, RECONNECT_MIN_MS, reconnectDelay } from './backoff';

describe('reconnectDelay', () => {
  it('doubles from 1 s and stops at 30 s', () => {
    const top = (attempt: number) => reconnectDelay(attempt, () => 1);
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(top)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('jitters between half and all of the step, never under 1 s', () => {
    expect(reconnectDelay(3, () => 0)).toBe(4_000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelay(0, () => 0)).toBe(RECONNECT_MIN_MS);
    for (let i = 0; i < 200; i++) {
      const d = reconnectDelay(i % 12);
      expect(d).toBeGreaterThanOrEqual(RECONNECT_MIN_MS);
      expect(d).toBeLessThanOrEqual(RECONNECT_MAX_MS);
    }
  });
});
