/** z for an 80% confidence interval, as Reddit's "best" (confidence) sort uses. */
const Z = 1.281551565545;

/**
 * ARCHITECTURE §8 "best": the lower bound of the Wilson score interval for the share of
 * upvotes. Few votes give a low bound, so 1 up / 0 down ranks below 100 up / 10 down.
 */
export function wilsonLowerBound(upvotes: number, downvotes: number): number {
  const up = Math.max(upvotes, 0);
  const n = up + Math.max(downvotes, 0);
  if (n === 0) return 0;
  const p = up / n;
  const z2 = Z * Z;
  const centre = p + z2 / (2 * n);
  const spread = Z * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  return (centre - spread) / (1 + z2 / n);
}
