import { describe, expect, it } from 'vitest';
import type { ScenarioResult } from '../report.js';
import { failedRows, formatSizeTable, judge, listMisses, type SizeRun } from './judge.js';
import { sizeOrder } from './run-scale.js';

const result = (over: Partial<ScenarioResult> = {}): ScenarioResult => ({
  name: 'community-hot',
  requestsPerSecond: 500,
  p50: 10,
  p95: 20,
  p99: 40,
  errors: 0,
  non2xx: 0,
  total: 2000,
  ...over,
});

const run = (posts: number, over: Partial<ScenarioResult> = {}, rssMb = 100): SizeRun => ({
  size: { posts, comments: posts / 10 },
  rows: [
    { key: 'community-hot', label: 'community hot, offset 0', result: result(over) },
    { key: 'home', label: 'home', result: result() },
  ],
  memory: { rssMb, peakMb: rssMb * 1.2 },
  seedSeconds: 1,
});

describe('judge', () => {
  it('gives ratios to the baseline and passes figures within 20% of it', () => {
    const v = judge(result({ requestsPerSecond: 410, p50: 11.9, p99: 47.9 }), result());
    expect(v.ratios!.rps).toBeCloseTo(0.82);
    expect(v.ratios!.p50).toBeCloseTo(1.19);
    expect(v.ratios!.p99).toBeCloseTo(1.1975);
    expect(v.misses).toEqual([]);
  });

  it('flags each figure worse than 20% of the baseline, but not better ones', () => {
    expect(judge(result({ requestsPerSecond: 390, p50: 12.5, p99: 49 }), result()).misses).toEqual([
      'req/s',
      'p50',
      'p99',
    ]);
    expect(judge(result({ requestsPerSecond: 5000, p50: 1, p99: 2 }), result()).misses).toEqual([]);
  });

  it('flags a p99 of 100 ms or more, non-2xx answers and errors at any size', () => {
    expect(judge(result({ p99: 100 }), undefined).misses).toEqual(['p99>100ms']);
    expect(judge(result({ p99: Number.NaN }), undefined).misses).toEqual(['p99>100ms']);
    expect(judge(result({ non2xx: 3, errors: 1 }), result()).misses).toEqual(['non-2xx', 'errors']);
    expect(judge(result(), undefined)).toEqual({ misses: [] });
  });

  it('gives no figure for a run without a single answer, and no ratio against one', () => {
    const none = result({ requestsPerSecond: 0, p50: Number.NaN, p99: Number.NaN, total: 0 });
    expect(judge(none, result())).toEqual({ misses: ['no answers'] });
    expect(judge(result(), none)).toEqual({ misses: [] });
  });
});

describe('formatSizeTable', () => {
  it('prints each figure with its ratio, the misses and the memory line', () => {
    const base = run(1000);
    const big = run(100_000, { requestsPerSecond: 250, p50: 20, p99: 150 }, 450);
    const lines = formatSizeTable(big, base).split('\n');
    expect(lines[0]).toMatch(/^\| endpoint +\| req\/s \| vs 1,000 \| p50 ms \| vs 1,000 \|/);
    expect(new Set(lines.slice(0, 4).map((l) => l.length)).size).toBe(1);
    expect(lines[2]).toMatch(
      /community hot, offset 0 \| +250 \| +0\.50x \| +20\.00 \| +2\.00x \| +150\.00 \| +3\.75x \|.*\*\*req\/s, p50, p99, p99>100ms\*\* \|$/,
    );
    expect(lines[3]).toMatch(/\| home +\| +500 \| +1\.00x \|.*\| +\|$/);
    expect(lines.at(-1)).toBe(
      "devdb resident memory: 450 MB after the runs (4.50x the smallest size's), peak 540 MB (seeding included)",
    );
  });

  it('shows the baseline against itself', () => {
    const base = run(1000);
    expect(formatSizeTable(base, base)).toMatch(/\| +1\.00x \|/);
  });
});

describe('listMisses and failedRows', () => {
  it('name the size and endpoint of every miss; only non-2xx and errors fail the run', () => {
    const runs = [
      run(1000, { p99: 120 }),
      run(10_000, { p99: 130 }),
      run(100_000, { requestsPerSecond: 100, non2xx: 5 }),
    ];
    expect(listMisses(runs)).toEqual([
      '1,000 posts, community hot, offset 0: p99>100ms',
      '10,000 posts, community hot, offset 0: p99>100ms',
      '100,000 posts, community hot, offset 0: req/s, non-2xx',
    ]);
    expect(failedRows(runs)).toEqual([
      '100,000 posts, community hot, offset 0: 5 non-2xx, 0 errors of 2000',
    ]);
    expect(failedRows(runs.slice(0, 2))).toEqual([]);
    const silent = run(100_000, {
      requestsPerSecond: 0,
      p50: Number.NaN,
      p99: Number.NaN,
      total: 0,
    });
    expect(failedRows([silent])).toEqual([
      '100,000 posts, community hot, offset 0: no answer within the run',
    ]);
    expect(formatSizeTable(silent, runs[0])).toMatch(
      /community hot, offset 0 \| +0 \| +- \| +- \| +- \| +- \| +- \|.*\*\*no answers\*\* \|/,
    );
  });
});

describe('sizeOrder', () => {
  it('alternates smallest first and largest first', () => {
    expect(sizeOrder(0, 3)).toEqual([0, 1, 2]);
    expect(sizeOrder(1, 3)).toEqual([2, 1, 0]);
    expect(sizeOrder(2, 3)).toEqual([0, 1, 2]);
    expect(sizeOrder(1, 1)).toEqual([0]);
  });
});
