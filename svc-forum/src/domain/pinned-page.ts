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

/** A sortable row: the page's sort fields (numbers, dates, ObjectIds; _id last) and its id. */
type Row = { _id: { toHexString(): string } };

/**
 * The rest's window: where the rows of the plain list (pinned posts included) are read from so
 * that `restOfPage` can leave the pinned ones out in memory. A query that excluded them
 * (`_id: { $nin }`) could no longer skip on the index keys alone, so a deep page would read
 * every post it skips.
 */
export function restWindow(pinned: number, restSkip: number, restLimit: number) {
  const start = Math.max(0, restSkip - pinned);
  return { skip: start, limit: restSkip + restLimit + pinned - start };
}

/**
 * `restLimit` posts from `restSkip` of the list without the pinned posts, from `window` (the
 * plain list read at `restWindow`): each pinned post is either in the window or, by its sort
 * key, before or after it; those before shift the window's ranks.
 */
export function restOfPage<T extends Row>(
  window: T[],
  pinned: Row[],
  sort: Record<string, 1 | -1>,
  restSkip: number,
  restLimit: number,
): T[] {
  const first = window[0];
  if (!first || restLimit <= 0) return [];
  const start = restWindow(pinned.length, restSkip, restLimit).skip;
  const inWindow = new Set(window.map((row) => row._id.toHexString()));
  const pinnedIds = new Set(pinned.map((row) => row._id.toHexString()));
  const before = pinned.filter(
    (p) => !inWindow.has(p._id.toHexString()) && sortsBefore(p, first, sort),
  ).length;
  const out: T[] = [];
  let rank = start - before;
  for (const row of window) {
    if (pinnedIds.has(row._id.toHexString())) continue;
    if (rank >= restSkip && out.length < restLimit) out.push(row);
    rank++;
  }
  return out;
}

/** Whether `a` comes before `b` in the list's sort (BSON order of the values it uses). */
function sortsBefore(a: Row, b: Row, sort: Record<string, 1 | -1>): boolean {
  const [x, y] = [a as unknown as Record<string, unknown>, b as unknown as Record<string, unknown>];
  for (const [field, dir] of Object.entries(sort)) {
    const c = compareValues(x[field], y[field]);
    if (c !== 0) return c * dir < 0;
  }
  return false;
}

/** null/missing < numbers < dates or ObjectIds of one kind, as the list's fields hold them. */
function compareValues(x: unknown, y: unknown): number {
  if (x === y) return 0;
  if (x === null || x === undefined) return y === null || y === undefined ? 0 : -1;
  if (y === null || y === undefined) return 1;
  if (x instanceof Date && y instanceof Date) return Math.sign(x.getTime() - y.getTime());
  if (typeof x === 'number' && typeof y === 'number') return Math.sign(x - y);
  // ObjectIds: by their bytes, as compareComments breaks its ties.
  return Buffer.compare((x as { id: Buffer }).id, (y as { id: Buffer }).id);
}
