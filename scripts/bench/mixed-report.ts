/** Pure: the tables of the mixed workload, the memory table and the soak summary. */
import type { ProcessMemory } from './memory.js';
import { fmt, formatGrid, percentile } from './report.js';
import type { Trend } from './trend.js';

export interface PartCounts {
  name: string;
  kind: 'read' | 'write';
  weight: number;
  /** Response times (ms) of every answered request, any status. */
  times: number[];
  /** Answers per status code. */
  statuses: Record<number, number>;
  /** Connection errors and timeouts (no answer). */
  errors: number;
}

export interface PartResult {
  name: string;
  kind: 'read' | 'write' | 'total';
  weight: number;
  requests: number;
  /** Share of all answered requests (0-1). */
  share: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Of non2xx: the 5xx answers. */
  serverErrors: number;
}

function result(
  name: string,
  kind: PartResult['kind'],
  weight: number,
  times: number[],
  statuses: Record<number, number>,
  errors: number,
  seconds: number,
  all: number,
): PartResult {
  const sorted = Float64Array.from(times).sort();
  let non2xx = 0;
  let serverErrors = 0;
  for (const [code, n] of Object.entries(statuses)) {
    const c = Number(code);
    if (c < 200 || c >= 300) non2xx += n;
    if (c >= 500) serverErrors += n;
  }
  return {
    name,
    kind,
    weight,
    requests: times.length,
    share: all > 0 ? times.length / all : 0,
    requestsPerSecond: seconds > 0 ? times.length / seconds : Number.NaN,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    non2xx,
    serverErrors,
  };
}

/** One result per part, then the reads, the writes and everything together. */
export function summarizeParts(parts: readonly PartCounts[], seconds: number): PartResult[] {
  const all = parts.reduce((a, p) => a + p.times.length, 0);
  const rows = parts.map((p) =>
    result(p.name, p.kind, p.weight, p.times, p.statuses, p.errors, seconds, all),
  );
  const group = (name: string, members: readonly PartCounts[]) => {
    const statuses: Record<number, number> = {};
    for (const p of members) {
      for (const [code, n] of Object.entries(p.statuses)) {
        statuses[Number(code)] = (statuses[Number(code)] ?? 0) + n;
      }
    }
    return result(
      name,
      'total',
      members.reduce((a, p) => a + p.weight, 0),
      members.flatMap((p) => p.times),
      statuses,
      members.reduce((a, p) => a + p.errors, 0),
      seconds,
      all,
    );
  };
  return [
    ...rows,
    group(
      'all reads',
      parts.filter((p) => p.kind === 'read'),
    ),
    group(
      'all writes',
      parts.filter((p) => p.kind === 'write'),
    ),
    group('total', parts),
  ];
}

export function formatMixedTable(rows: readonly PartResult[]): string {
  const header = [
    'part',
    'kind',
    'weight',
    'share',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    '5xx',
    'requests',
  ];
  return formatGrid(
    header,
    rows.map((r) => [
      r.name,
      r.kind,
      String(r.weight),
      `${fmt(r.share * 100, 1)}%`,
      fmt(r.requestsPerSecond, 0),
      fmt(r.p50, 1),
      fmt(r.p95, 1),
      fmt(r.p99, 1),
      String(r.errors),
      String(r.non2xx),
      String(r.serverErrors),
      String(r.requests),
    ]),
    2,
  );
}

export function formatMemoryTable(rows: readonly ProcessMemory[]): string {
  return formatGrid(
    ['process', 'start MB', 'peak MB', 'end MB', 'VmHWM MB', 'avg CPU %'],
    rows.map((r) => [
      r.name,
      fmt(r.start, 1),
      fmt(r.peak, 1),
      fmt(r.end, 1),
      fmt(r.hwm, 1),
      fmt(r.cpuPercent, 0),
    ]),
  );
}

export interface SeriesRow {
  /** Minutes since the soak started. */
  minute: number;
  /** Answered requests per second since the previous row. */
  requestsPerSecond: number;
  /** Errors + non-2xx since the previous row. */
  failures: number;
  /** MB per process name. */
  rss: Record<string, number>;
}

export function formatSeries(rows: readonly SeriesRow[], names: readonly string[]): string {
  return formatGrid(
    ['min', 'req/s', 'failed', ...names.map((n) => `${n} MB`)],
    rows.map((r) => [
      fmt(r.minute, 1),
      fmt(r.requestsPerSecond, 0),
      String(r.failures),
      ...names.map((n) => fmt(r.rss[n] ?? Number.NaN, 1)),
    ]),
  );
}

/** Keeps about one row per `everyMinutes` (and always the last one). */
export function thinSeries<T extends { minute: number }>(
  rows: readonly T[],
  everyMinutes = 1,
): T[] {
  const out: T[] = [];
  let next = 0;
  rows.forEach((r, i) => {
    if (r.minute + 1e-9 >= next || i === rows.length - 1) {
      out.push(r);
      next = Math.floor(r.minute / everyMinutes + 1e-9) * everyMinutes + everyMinutes;
    }
  });
  return out;
}

export function formatTrendTable(
  memory: readonly ProcessMemory[],
  trends: readonly Trend[],
): string {
  return formatGrid(
    [
      'process',
      'start MB',
      'peak MB',
      'end MB',
      'VmHWM MB',
      'slope MB/min',
      'floor MB/min',
      'limit',
      'verdict',
    ],
    memory.map((m) => {
      const t = trends.find((x) => x.name === m.name);
      return [
        m.name,
        fmt(m.start, 1),
        fmt(m.peak, 1),
        fmt(m.end, 1),
        fmt(m.hwm, 1),
        t
          ? `${t.slope >= 0 ? '+' : ''}${fmt(t.slope, 2)}${Number.isFinite(t.margin) ? ` ± ${fmt(t.margin, 2)}` : ''}`
          : '-',
        t && Number.isFinite(t.floorSlope)
          ? `${t.floorSlope >= 0 ? '+' : ''}${fmt(t.floorSlope, 2)}`
          : '-',
        t ? fmt(t.limit, 2) : '-',
        t ? (t.grows ? 'GROWS' : t.noisy ? 'ok (noise)' : 'ok') : '-',
      ];
    }),
  );
}
