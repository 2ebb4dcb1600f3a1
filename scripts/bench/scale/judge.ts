/**
 * Pure: the scale bench's verdicts and tables. Each size's figures are compared with the first
 * (smallest) size's: the target is every figure within 20% of it at 100x the data, p99
 * under 100 ms and no answer but 2xx.
 */
import { fmt, formatGrid, type ScenarioResult } from '../report.js';

export const TARGET = {
  /** A figure may be this much worse than the smallest size's (0.2: 20%). */
  worse: 0.2,
  p99Ms: 100,
};

export interface ScaleSize {
  posts: number;
  /** On the thread post. */
  comments: number;
}

export interface ScaleRow {
  key: string;
  label: string;
  result: ScenarioResult;
}

export interface DevDbMemory {
  /** VmRSS after the size's runs, MB. */
  rssMb: number;
  /** VmHWM (peak since it started: seeding included), MB. */
  peakMb: number;
}

export interface SizeRun {
  size: ScaleSize;
  rows: ScaleRow[];
  /** Absent when the process could not be read (not Linux). */
  memory?: DevDbMemory;
  seedSeconds: number;
}

export interface Ratios {
  /** subject req/s ÷ baseline req/s (below 1: fewer requests served). */
  rps: number;
  /** subject ÷ baseline (above 1: slower). */
  p50: number;
  p99: number;
}

export interface Verdict {
  ratios?: Ratios;
  /**
   * What misses the target: 'req/s', 'p50', 'p99' (vs the baseline), 'p99>100ms', 'non-2xx',
   * 'errors', or 'no answers' (not one response within the run).
   */
  misses: string[];
}

export function judge(result: ScenarioResult, baseline: ScenarioResult | undefined): Verdict {
  // Every request outlived the run: there is no figure to compare, and the run failed.
  if (result.total === 0) return { misses: ['no answers'] };
  const misses: string[] = [];
  let ratios: Ratios | undefined;
  if (baseline && baseline.total > 0) {
    ratios = {
      rps: result.requestsPerSecond / baseline.requestsPerSecond,
      p50: result.p50 / baseline.p50,
      p99: result.p99 / baseline.p99,
    };
    if (ratios.rps < 1 - TARGET.worse) misses.push('req/s');
    if (ratios.p50 > 1 + TARGET.worse) misses.push('p50');
    if (ratios.p99 > 1 + TARGET.worse) misses.push('p99');
  }
  if (!(result.p99 < TARGET.p99Ms)) misses.push(`p99>${TARGET.p99Ms}ms`);
  if (result.non2xx > 0) misses.push('non-2xx');
  if (result.errors > 0) misses.push('errors');
  return { ...(ratios ? { ratios } : {}), misses };
}

const ratio = (n: number | undefined) =>
  n === undefined || !Number.isFinite(n) ? '-' : `${fmt(n, 2)}x`;
const count = (n: number) => n.toLocaleString('en-US');

/** "1,000 posts, 100 comments" */
export const describeSize = (s: ScaleSize) =>
  `${count(s.posts)} posts, ${count(s.comments)} comments on the thread post`;

/** One size's table: figures, their ratio to the baseline size's, and what misses the target. */
export function formatSizeTable(run: SizeRun, baseline: SizeRun | undefined): string {
  const base = `vs ${count(baseline?.size.posts ?? run.size.posts)}`;
  const header = [
    'endpoint',
    'req/s',
    base,
    'p50 ms',
    base,
    'p99 ms',
    base,
    'non-2xx',
    'errors',
    'misses target',
  ];
  const rows = run.rows.map((row) => {
    const before = baseline?.rows.find((b) => b.key === row.key)?.result;
    const v = judge(row.result, before);
    const r = row.result;
    return [
      row.label,
      fmt(r.requestsPerSecond, 0),
      ratio(v.ratios?.rps),
      fmt(r.p50, 2),
      ratio(v.ratios?.p50),
      fmt(r.p99, 2),
      ratio(v.ratios?.p99),
      String(r.non2xx),
      String(r.errors),
      v.misses.length ? `**${v.misses.join(', ')}**` : '',
    ];
  });
  const memory = run.memory;
  const baseMemory = baseline?.memory;
  const memoryLine = memory
    ? `devdb resident memory: ${fmt(memory.rssMb, 0)} MB after the runs` +
      (baseMemory ? ` (${ratio(memory.rssMb / baseMemory.rssMb)} the smallest size's)` : '') +
      `, peak ${fmt(memory.peakMb, 0)} MB (seeding included)`
    : 'devdb resident memory: not readable here (/proc)';
  return `${formatGrid(header, rows)}\n\n${memoryLine}`;
}

/** Every figure that misses the target, one line each ("100,000 posts, community hot: p99"). */
export function listMisses(runs: SizeRun[]): string[] {
  const baseline = runs[0];
  return runs.flatMap((run) =>
    run.rows.flatMap((row) => {
      const before = run === baseline ? undefined : baseline?.rows.find((b) => b.key === row.key);
      const { misses } = judge(row.result, before?.result);
      return misses.length
        ? [`${count(run.size.posts)} posts, ${row.label}: ${misses.join(', ')}`]
        : [];
    }),
  );
}

/**
 * The rows (any size) answered with a non-2xx status or an error, or not answered at all within
 * the run: the run was not clean.
 */
export function failedRows(runs: SizeRun[]): string[] {
  return runs.flatMap((run) =>
    run.rows
      .filter((row) => row.result.non2xx > 0 || row.result.errors > 0 || row.result.total === 0)
      .map(({ label, result: r }) =>
        r.total === 0
          ? `${count(run.size.posts)} posts, ${label}: no answer within the run`
          : `${count(run.size.posts)} posts, ${label}: ${r.non2xx} non-2xx, ${r.errors} errors of ${r.total}`,
      ),
  );
}
