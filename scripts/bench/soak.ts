/** Pure parts of soak mode: the time series rows and the growth verdicts. */
import type { MemorySample } from './memory.js';
import type { SeriesRow } from './mixed-report.js';
import { judgeTrend, type Trend } from './trend.js';

/** The in-memory dev DB may also grow with the data the writes add (see --kb-per-write). */
export const DATA_HOLDER = 'devdb';

export interface Tally {
  /** ms, as MemorySample.at. */
  at: number;
  answered: number;
  failed: number;
}

/**
 * One row per memory sample of the soak: minutes since `startAt`, requests/s and failures since
 * the previous sample (from the running tallies taken with each sample), RSS in MB.
 */
export function seriesRows(
  samples: readonly MemorySample[],
  tallies: readonly Tally[],
  startAt: number,
): SeriesRow[] {
  const rows: SeriesRow[] = [];
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]!;
    const tally = tallies[i]!;
    const prev = i > 0 ? tallies[i - 1]! : { at: startAt, answered: 0, failed: 0 };
    const seconds = (tally.at - prev.at) / 1000;
    const rss: Record<string, number> = {};
    for (const [name, kb] of Object.entries(s.rssKb)) rss[name] = kb / 1024;
    rows.push({
      minute: (s.at - startAt) / 60000,
      requestsPerSecond: seconds > 0 ? (tally.answered - prev.answered) / seconds : Number.NaN,
      failures: tally.failed - prev.failed,
      rss,
    });
  }
  return rows;
}

/**
 * Each process's second-half slope against its limit: `maxGrowth` MB/min, plus for the dev DB
 * `kbPerWrite` kB for every successful write per minute (it holds the data set in memory).
 */
export function judgeGrowth(
  names: readonly string[],
  rows: readonly SeriesRow[],
  limits: { maxGrowth: number; kbPerWrite: number; writesPerMinute: number },
): Trend[] {
  return names.map((name) =>
    judgeTrend(
      name,
      rows.filter((r) => r.rss[name] !== undefined).map((r) => ({ t: r.minute, y: r.rss[name]! })),
      {
        maxSlope: limits.maxGrowth,
        dataAllowance:
          name === DATA_HOLDER ? (limits.kbPerWrite * limits.writesPerMinute) / 1024 : 0,
      },
    ),
  );
}
