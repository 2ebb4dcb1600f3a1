/** Pure: choosing between weighted parts. */

/** Each weight as a fraction of their sum. */
export function fractions(weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => (sum > 0 ? w / sum : 0));
}

/** Picks an index at random in proportion to `weights`; `r` in [0, 1). */
export function pickWeighted(weights: readonly number[], r: number): number {
  const sum = weights.reduce((a, b) => a + b, 0);
  let x = r * sum;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}
