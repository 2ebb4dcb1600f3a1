import { describe, expect, it } from 'vitest';
import { SEED_SIZES, parseBenchArgs, parseSeedSize } from './options.js';
import { compare, formatComparison, formatTable, percentile } from './report.js';
import { allComparisons, allScenarios } from './scenarios/index.js';

describe('percentile', () => {
  it('uses the nearest rank', () => {
    const sorted = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNaN();
  });
});

describe('table and comparisons', () => {
  const a = {
    name: 'direct',
    requestsPerSecond: 2000,
    p50: 5,
    p95: 8,
    p99: 12,
    errors: 0,
    non2xx: 0,
    total: 20000,
  };
  const b = { ...a, name: 'via-gateway', requestsPerSecond: 1000, p50: 10 };

  it('prints one aligned row per scenario', () => {
    const lines = formatTable([a, b]).split('\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^\| scenario +\| +req\/s \| p50 ms \| p95 ms \| p99 ms \| errors \| non-2xx \| requests \|$/,
    );
    expect(lines[3]).toContain('| via-gateway |');
    expect(lines[1]).toMatch(/^\|-+\|-+:\|/);
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });

  it('expresses overhead as ratios', () => {
    const c = compare('gateway overhead', a, b);
    expect(c.throughputRatio).toBe(2);
    expect(c.latencyRatio).toBe(2);
    expect(formatComparison(c, 'direct', 'via-gateway')).toContain('0.50x the requests/s');
  });
});

describe('scenarios', () => {
  it('have unique names and comparisons that refer to them', () => {
    const names = allScenarios.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of allComparisons) {
      expect(names).toContain(c.baseline);
      expect(names).toContain(c.subject);
    }
  });
});

describe('parseBenchArgs', () => {
  it('reads flags in both forms', () => {
    expect(parseBenchArgs(['--connections', '5', '--duration=3', '--only', 'a,b'])).toMatchObject({
      connections: 5,
      duration: 3,
      only: ['a', 'b'],
      posts: 500,
    });
    expect(() => parseBenchArgs(['--nope'])).toThrow(/unknown option/);
  });

  it('leaves the connections to each mode when not given', () => {
    expect(parseBenchArgs([]).connections).toBeUndefined();
  });

  it('takes --soak with or without minutes', () => {
    expect(parseBenchArgs(['--soak']).soak).toBe(10);
    expect(parseBenchArgs(['--soak', '--rate', '50'])).toMatchObject({ soak: 10, rate: 50 });
    expect(parseBenchArgs(['--soak', '3'])).toMatchObject({ soak: 3 });
    expect(parseBenchArgs(['--soak=0.5'])).toMatchObject({ soak: 0.5 });
    expect(() => parseBenchArgs(['--soak=x'])).toThrow(/minutes/);
    expect(() => parseBenchArgs(['--soak', '0'])).toThrow(/more than 0/);
  });

  it('reads the soak limits and the sample interval', () => {
    expect(parseBenchArgs([])).toMatchObject({ maxGrowth: 2, kbPerWrite: 6, warmup: 5 });
    expect(
      parseBenchArgs(['--max-growth', '1.5', '--kb-per-write=8', '--sample-interval', '5']),
    ).toMatchObject({ maxGrowth: 1.5, kbPerWrite: 8, sampleInterval: 5 });
    expect(() => parseBenchArgs(['--sample-interval', '0'])).toThrow(/above 0/);
    expect(() => parseBenchArgs(['--rate'])).toThrow(/needs a number/);
  });
});

describe('parseSeedSize', () => {
  it('knows the presets and takes USERS,POSTS,COMMENTS', () => {
    expect(parseBenchArgs([]).seedSize).toEqual(SEED_SIZES.medium);
    expect(parseSeedSize('small')).toEqual(SEED_SIZES.small);
    expect(parseSeedSize('30,300,900')).toEqual({ users: 30, posts: 300, comments: 900 });
    expect(parseBenchArgs(['--seed-size=large']).seedSize).toEqual(SEED_SIZES.large);
  });

  it('rejects the rest', () => {
    for (const bad of ['huge', '1,10,10', '10,0,5', '10,10', '10,10,x', undefined]) {
      expect(() => parseSeedSize(bad)).toThrow(/--seed-size/);
    }
  });
});
