/** Sorts up to this many rows in one go; larger sorts merge runs between pause points. */
const SORT_RUN = 1024;

/**
 * Sorts `rows` in place (stable) in runs, then merges runs pairwise; yields between pieces of
 * work so that the caller may pause there.
 */
export function* sortSteps<T>(rows: T[], compare: (a: T, b: T) => number): Generator<void> {
  if (rows.length <= SORT_RUN) {
    rows.sort(compare);
    return;
  }
  for (let i = 0; i < rows.length; i += SORT_RUN) {
    const run = rows.slice(i, i + SORT_RUN).sort(compare);
    for (let j = 0; j < run.length; j++) rows[i + j] = run[j]!;
    yield;
  }
  let src = rows;
  let dst: T[] = new Array<T>(rows.length);
  for (let width = SORT_RUN; width < rows.length; width *= 2) {
    let work = 0;
    for (let lo = 0; lo < rows.length; lo += 2 * width) {
      const mid = Math.min(lo + width, rows.length);
      const hi = Math.min(lo + 2 * width, rows.length);
      let a = lo;
      let b = mid;
      let o = lo;
      // Stable: on ties the left run (earlier rows) goes first.
      while (a < mid && b < hi) {
        dst[o++] = compare(src[b]!, src[a]!) < 0 ? src[b++]! : src[a++]!;
        if (++work % 256 === 0) yield;
      }
      while (a < mid) dst[o++] = src[a++]!;
      while (b < hi) dst[o++] = src[b++]!;
    }
    [src, dst] = [dst, src];
  }
  if (src !== rows) for (let i = 0; i < rows.length; i++) rows[i] = src[i]!;
}
