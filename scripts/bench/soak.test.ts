import { describe, expect, it } from 'vitest';
import type { MemorySample } from './memory.js';
import { judgeGrowth, seriesRows } from './soak.js';

const sample = (at: number, devdb: number, forum: number): MemorySample => ({
  at,
  phase: 'mixed',
  rssKb: { devdb: devdb * 1024, forum: forum * 1024 },
  cpuSeconds: {},
});

describe('seriesRows', () => {
  it('turns samples and running tallies into per-interval rows', () => {
    const rows = seriesRows(
      [sample(1000, 100, 200), sample(11000, 110, 200), sample(21000, 120, 201)],
      [
        { at: 1000, answered: 0, failed: 0 },
        { at: 11000, answered: 1000, failed: 0 },
        { at: 21000, answered: 3000, failed: 2 },
      ],
      1000,
    );
    expect(rows.map((r) => r.minute)).toEqual([0, 1 / 6, 2 / 6]);
    expect(rows[1]!.requestsPerSecond).toBe(100);
    expect(rows[2]).toMatchObject({ requestsPerSecond: 200, failures: 2 });
    expect(rows[2]!.rss).toEqual({ devdb: 120, forum: 201 });
  });
});

describe('judgeGrowth', () => {
  // 10 minutes: the dev DB grows 3 MB/min, forum 0.5 MB/min.
  const rows = Array.from({ length: 61 }, (_, i) => ({
    minute: i / 6,
    requestsPerSecond: 100,
    failures: 0,
    rss: { devdb: 100 + 3 * (i / 6), forum: 200 + 0.5 * (i / 6) },
  }));

  it('allows the dev DB the growth of the data it holds', () => {
    // 600 writes/min × 4 kB = 2.34 MB/min on top of 2 MB/min.
    const trends = judgeGrowth(['devdb', 'forum'], rows, {
      maxGrowth: 2,
      kbPerWrite: 4,
      writesPerMinute: 600,
    });
    expect(trends.map((t) => [t.name, t.grows])).toEqual([
      ['devdb', false],
      ['forum', false],
    ]);
    expect(trends[0]!.limit).toBeCloseTo(2 + 2400 / 1024, 10);
    expect(trends[0]!.slope).toBeCloseTo(3, 6);
  });

  it('fails whatever grows beyond its limit', () => {
    const trends = judgeGrowth(['devdb', 'forum'], rows, {
      maxGrowth: 0.25,
      kbPerWrite: 0,
      writesPerMinute: 600,
    });
    expect(trends.filter((t) => t.grows).map((t) => t.name)).toEqual(['devdb', 'forum']);
  });
});
