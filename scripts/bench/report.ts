/** Pure helpers for the bench: percentiles, the result table, comparisons. */

export interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

/** Nearest-rank percentile of an ascending array (ms); NaN for an empty one. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const fmt = (n: number, digits = 1): string =>
  Number.isFinite(n) ? n.toFixed(digits) : '-';

/**
 * A markdown table: the first `textColumns` columns left-aligned, the others (numbers) right-
 * aligned; every line has the same length.
 */
export function formatGrid(header: string[], rows: string[][], textColumns = 1): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const left = (i: number) => i < textColumns;
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (left(i) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  const sep = `|${widths.map((w, i) => (left(i) ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [line(header), sep, ...rows.map(line)].join('\n');
}

export function formatTable(results: ScenarioResult[]): string {
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p95 ms',
    'p99 ms',
    'errors',
    'non-2xx',
    'requests',
  ];
  const rows = results.map((r) => [
    r.name,
    fmt(r.requestsPerSecond, 0),
    fmt(r.p50, 2),
    fmt(r.p95, 2),
    fmt(r.p99, 2),
    String(r.errors),
    String(r.non2xx),
    String(r.total),
  ]);
  return formatGrid(header, rows);
}

export interface ComparisonResult {
  label: string;
  /** baseline req/s ÷ subject req/s (above 1: the subject serves fewer requests). */
  throughputRatio: number;
  /** subject p50 ÷ baseline p50 (above 1: the subject is slower). */
  latencyRatio: number;
}

export function compare(
  label: string,
  baseline: ScenarioResult,
  subject: ScenarioResult,
): ComparisonResult {
  return {
    label,
    throughputRatio: baseline.requestsPerSecond / subject.requestsPerSecond,
    latencyRatio: subject.p50 / baseline.p50,
  };
}

export function formatComparison(c: ComparisonResult, baseline: string, subject: string): string {
  return (
    `${c.label}: ${subject} serves ${fmt(1 / c.throughputRatio, 2)}x the requests/s of ${baseline} ` +
    `(ratio ${fmt(c.throughputRatio, 2)}), p50 ${fmt(c.latencyRatio, 2)}x`
  );
}
