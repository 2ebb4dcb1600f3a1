/**
 * A page over two lists shown one after the other (the community search's name-prefix matches,
 * then its word matches): which part of each the page's offset and limit take.
 */
export function concatenatedPage(firstLength: number, offset: number, limit: number) {
  const skip = Math.min(offset, firstLength);
  const end = Math.min(offset + limit, firstLength);
  return {
    first: { skip, end },
    rest: { skip: Math.max(offset - firstLength, 0), limit: limit - (end - skip) },
  };
}

/** Shortest name first ("ali" finds c/ali before c/alice), then by name. */
export const byNameLength = <T extends { name_lower: string }>(items: T[]): T[] =>
  [...items].sort(
    (a, b) =>
      a.name_lower.length - b.name_lower.length ||
      (a.name_lower < b.name_lower ? -1 : a.name_lower > b.name_lower ? 1 : 0),
  );
