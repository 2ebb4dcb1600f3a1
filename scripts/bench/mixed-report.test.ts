import { describe, expect, it } from 'vitest';
import {
  formatMemoryTable,
  formatMixedTable,
  formatSeries,
  formatTrendTable,
  summarizeParts,
  thinSeries,
  type PartCounts,
} from './mixed-report.js';

const part = (
  name: string,
  kind: 'read' | 'write',
  times: number[],
  statuses: Record<number, number>,
  errors = 0,
): PartCounts => ({
  name,
  kind,
  weight: kind === 'read' ? 90 : 10,
  times,
  statuses,
  errors,
});

describe('summarizeParts', () => {
  const reads = part('feed', 'read', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], { 200: 10 });
  const writes = part('vote', 'write', [20, 40], { 200: 1, 503: 1 }, 3);
  const rows = summarizeParts([reads, writes], 2);

  it('gives one row per part, then reads, writes and the total', () => {
    expect(rows.map((r) => r.name)).toEqual(['feed', 'vote', 'all reads', 'all writes', 'total']);
    expect(rows[0]).toMatchObject({
      requests: 10,
      requestsPerSecond: 5,
      p50: 5,
      p95: 10,
      non2xx: 0,
    });
    expect(rows[0]!.share).toBeCloseTo(10 / 12, 10);
    expect(rows[1]).toMatchObject({ errors: 3, non2xx: 1, serverErrors: 1, p50: 20, p99: 40 });
  });

  it('pools latencies and counts for the totals', () => {
    const total = rows[4]!;
    expect(total).toMatchObject({
      kind: 'total',
      weight: 100,
      requests: 12,
      requestsPerSecond: 6,
      errors: 3,
      non2xx: 1,
      serverErrors: 1,
      share: 1,
      p99: 40,
    });
    expect(rows[3]).toMatchObject({ requests: 2, weight: 10 });
  });

  it('prints an aligned table', () => {
    const lines = formatMixedTable(rows).split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^\| part +\| kind +\| weight \| +share \| req\/s \|/);
    expect(lines[1]).toMatch(/^\|-+\|-+\|-+:\|/);
    expect(lines[3]).toContain('| vote ');
    expect(new Set(lines.map((l) => l.length)).size).toBe(1);
  });
});

describe('memory and soak tables', () => {
  const memory = [
    { name: 'devdb', start: 100, peak: 150.25, end: 140, hwm: 160, cpuPercent: 40 },
    { name: 'nats', start: 20, peak: 20, end: 20, hwm: 21, cpuPercent: Number.NaN },
  ];

  it('prints MB with one decimal and "-" for what is unknown', () => {
    const lines = formatMemoryTable(memory).split('\n');
    expect(lines[0]).toBe('| process | start MB | peak MB | end MB | VmHWM MB | avg CPU % |');
    expect(lines[2]).toBe('| devdb   |    100.0 |   150.3 |  140.0 |    160.0 |        40 |');
    expect(lines[3]).toMatch(/\| +- \|$/);
  });

  it('shows the slope, the slope of the floor, the limit and the verdict per process', () => {
    const table = formatTrendTable(memory, [
      {
        name: 'devdb',
        slope: 3.456,
        margin: 0.5,
        floorSlope: 3.1,
        limit: 2,
        grows: true,
        noisy: false,
      },
      {
        name: 'nats',
        slope: 2.5,
        margin: 4,
        floorSlope: -0.25,
        limit: 2,
        grows: false,
        noisy: true,
      },
    ]);
    expect(table).toContain('+3.10');
    expect(table).toContain('-0.25');
    expect(table).toContain('+3.46 ± 0.50');
    expect(table).toContain('GROWS');
    expect(table).toContain('+2.50 ± 4.00');
    expect(table).toContain('ok (noise)');
  });

  it('thins the series to about one row a minute, keeping the last', () => {
    const rows = Array.from({ length: 19 }, (_, i) => ({ minute: i / 6 }));
    expect(thinSeries(rows).map((r) => r.minute * 6)).toEqual([0, 6, 12, 18]);
    const series = formatSeries(
      [{ minute: 0.5, requestsPerSecond: 120, failures: 0, rss: { devdb: 100 } }],
      ['devdb', 'gone'],
    );
    expect(series.split('\n')[0]).toBe('| min | req/s | failed | devdb MB | gone MB |');
    expect(series.split('\n')[2]).toBe('| 0.5 |   120 |      0 |    100.0 |       - |');
  });
});
