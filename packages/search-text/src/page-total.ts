/**
 * A search list's exact total when reading its page already tells it, so a search with few
 * matches (a name typed whole, a prefix nobody's words share) pays no count: a page shorter than
 * asked for ends the list. Undefined when only a count can tell: a full page, an unread one
 * (limit 0) or an empty one past the start (the list may have ended before the skip).
 */
export function totalFromPage(read: number, skip: number, limit: number): number | undefined {
  if (limit <= 0 || read >= limit) return undefined;
  if (read === 0 && skip > 0) return undefined;
  return skip + read;
}
