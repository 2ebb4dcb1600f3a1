/** Pure: memory growth over a soak run (least-squares slope) and the verdict on it. */

export interface Point {
  /** Minutes since the start of the run. */
  t: number;
  /** Megabytes. */
  y: number;
}

/** Least-squares slope of y over t (MB/min) and its standard error (NaN when undefined). */
export function fit(points: readonly Point[]): { slope: number; stderr: number } {
  const n = points.length;
  if (n < 2) return { slope: Number.NaN, stderr: Number.NaN };
  const meanT = points.reduce((a, p) => a + p.t, 0) / n;
  const meanY = points.reduce((a, p) => a + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.t - meanT) * (p.y - meanY);
    den += (p.t - meanT) ** 2;
  }
  if (den === 0) return { slope: Number.NaN, stderr: Number.NaN };
  const b = num / den;
  let sse = 0;
  for (const p of points) sse += (p.y - (meanY + b * (p.t - meanT))) ** 2;
  return { slope: b, stderr: n > 2 ? Math.sqrt(sse / (n - 2) / den) : Number.NaN };
}

/** Least-squares slope of y over t (MB/min); NaN with fewer than two distinct times. */
export function slope(points: readonly Point[]): number {
  return fit(points).slope;
}

/** The points from the middle of the run on (the first half is warm-up: JIT, caches, pools). */
export function secondHalf(points: readonly Point[]): Point[] {
  if (points.length === 0) return [];
  const first = points[0]!.t;
  const last = points[points.length - 1]!.t;
  const middle = first + (last - first) / 2;
  return points.filter((p) => p.t >= middle);
}

export interface GrowthLimit {
  /** MB/min every process may grow by over the second half without failing the soak. */
  maxSlope: number;
  /**
   * Extra MB/min for the dev DB, which holds the whole data set in memory and so grows with
   * what the writes add: `perWriteKb` × successful writes per minute / 1024.
   */
  dataAllowance?: number;
}

export interface Trend {
  name: string;
  /** MB/min over the second half. */
  slope: number;
  /** Two standard errors of the slope: GC saw-tooth makes a short fit uncertain. */
  margin: number;
  /** MB/min this process was allowed. */
  limit: number;
  /**
   * MB/min between the lowest sample of the first half (after warm-up) and of the second half.
   * A leak lifts the floor; a GC saw-tooth only moves the peaks and where the fit starts.
   */
  floorSlope: number;
  /** Faster than the limit, clearly rising (slope - margin > 0) and its floor rising too. */
  grows: boolean;
  /** Faster than the limit, but within the noise or with a flat floor (not a failure). */
  noisy: boolean;
}

/** The first tenth of a run is warm-up (JIT, pools, caches) and left out of the floors. */
const WARM_UP = 0.1;

export function floorSlope(points: readonly Point[]): number {
  if (points.length < 4) return Number.NaN;
  const first = points[0]!.t;
  const last = points[points.length - 1]!.t;
  const span = last - first;
  const middle = first + span / 2;
  const early = points.filter((p) => p.t >= first + span * WARM_UP && p.t < middle);
  const late = points.filter((p) => p.t >= middle);
  if (!early.length || !late.length) return Number.NaN;
  const low = (ps: Point[]) => ps.reduce((a, p) => (p.y < a.y ? p : a));
  const a = low(early);
  const b = low(late);
  return b.t === a.t ? Number.NaN : (b.y - a.y) / (b.t - a.t);
}

export function judgeTrend(name: string, points: readonly Point[], limit: GrowthLimit): Trend {
  const { slope: s, stderr } = fit(secondHalf(points));
  const margin = 2 * stderr;
  const allowed = limit.maxSlope + (limit.dataAllowance ?? 0);
  const fast = Number.isFinite(s) && s > allowed;
  // Without an error estimate (two points) the slope alone decides.
  const clear = !Number.isFinite(margin) || s - margin > 0;
  const floor = floorSlope(points);
  const floorRises = !Number.isFinite(floor) || floor > allowed;
  const grows = fast && clear && floorRises;
  return {
    name,
    slope: s,
    margin,
    limit: allowed,
    floorSlope: floor,
    grows,
    noisy: fast && !grows,
  };
}
