import { describe, expect, it, vi } from 'vitest';
import { FatalSeedError, Progress, runPool } from './progress.js';
import { Random } from './random.js';

describe('runPool', () => {
  it('runs every item with bounded concurrency and counts failures without stopping', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const progress = new Progress('test', 10);
    let inFlight = 0;
    let peak = 0;
    const results = await runPool([...Array(10).keys()], 3, progress, async (n) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
      if (n === 4) throw new Error('one bad request');
      return n * 2;
    });
    expect(peak).toBeLessThanOrEqual(3);
    expect(results.filter((r) => r !== undefined)).toHaveLength(9);
    expect(progress.failures).toBe(1);
    vi.restoreAllMocks();
  });

  it('stops on a fatal error', async () => {
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    await expect(
      runPool([1, 2, 3], 1, new Progress('test', 3), async () => {
        throw new FatalSeedError('rate limited');
      }),
    ).rejects.toThrow('rate limited');
    vi.restoreAllMocks();
  });
});

describe('Random', () => {
  it('is deterministic and stays in range', () => {
    const a = new Random(42);
    const b = new Random(42);
    for (let i = 0; i < 100; i++) {
      const n = a.int(3, 7);
      expect(n).toBe(b.int(3, 7));
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
    }
    expect(new Set(a.sample([1, 2, 3, 4, 5], 5)).size).toBe(5);
  });
});
