/**
 * Fewer heap objects per stored document (issue 17): the dev DB's data lives on the V8 heap, and
 * each full GC marks every object of it, each scavenge walks its old generation's pages. Two
 * kinds of strings multiplied the objects of a stored post (about 60 at 10,000 posts):
 * - Short strings repeated across documents: a post's 23 `search_terms`, its type, author and
 *   community names. Decoded from BSON, each is a string of its own in every document.
 * - Keys built with `+` (`keyOf`: "o" and an ObjectId's hex string, itself twelve pieces): V8
 *   keeps such a string as a tree of pieces, 8 objects for one `_id`, for as long as a Map holds
 *   it as a key.
 */

/** Longer strings (titles, contents, links) are seldom repeated: not worth a table entry. */
export const SHARED_MAX_LENGTH = 32;

/**
 * Short strings by value, the first copy seen of each. Bounded: the table keeps each one alive
 * even once no document holds it, so past `maxEntries` new strings are stored as they come.
 */
export class SharedStrings {
  private readonly table = new Map<string, string>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.table.size;
  }

  /** The copy of `s` that stored documents share, when `s` is short. */
  shared(s: string): string {
    if (s.length > SHARED_MAX_LENGTH) return s;
    const known = this.table.get(s);
    if (known !== undefined) return known;
    if (this.table.size < this.maxEntries) this.table.set(s, s);
    return s;
  }
}

/** The process's table: every collection's documents share it (under 20 MB when full). */
const strings = new SharedStrings(250_000);

/**
 * Points a stored copy's short strings at the shared ones: its top-level string fields and the
 * strings of its top-level arrays (such as `search_terms`). An array is changed in place (a string
 * for an equal string, which nothing can tell apart), unless it is frozen; nested documents are
 * left as they are.
 */
export function shareStrings(doc: Record<string, unknown>): void {
  for (const field in doc) {
    const value = doc[field];
    if (typeof value === 'string') {
      doc[field] = strings.shared(value);
    } else if (Array.isArray(value) && !Object.isFrozen(value)) {
      for (let i = 0; i < value.length; i++) {
        const item: unknown = value[i];
        if (typeof item === 'string') value[i] = strings.shared(item);
      }
    }
  }
}

/**
 * `s` in one piece (a new sequential string when it was built by `+`): what a long-lived key
 * should be. Joining two parts makes V8 copy them into one string; shorter strings are never
 * trees.
 */
export const flatString = (s: string): string =>
  s.length < 13 ? s : [s.charAt(0), s.slice(1)].join('');
