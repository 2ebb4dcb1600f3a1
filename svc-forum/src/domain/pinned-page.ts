/**
 * A community page leads with its pinned posts (EXTENSIONS §M2), then the rest in the chosen
 * sort. Offset and limit count over that combined list: this says which part of a page comes
 * from the pinned posts (`pinnedFrom` .. `pinnedFrom + pinnedTake`) and which from the query
 * for the rest (`restSkip`, `restLimit`; the rest query leaves the pinned posts out, so none
 * appears twice).
 */
export function pinnedPageSlices(pinned: number, offset: number, limit: number) {
  const pinnedTake = Math.max(0, Math.min(limit, pinned - offset));
  return {
    pinnedFrom: Math.min(offset, pinned),
    pinnedTake,
    restSkip: Math.max(0, offset - pinned),
    restLimit: limit - pinnedTake,
  };
}
