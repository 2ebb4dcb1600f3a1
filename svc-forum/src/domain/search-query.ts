import type { SearchSort } from '@forum/contracts';
import {
  fold,
  parseSearch,
  requiredTerms,
  toTextSearch,
  type ParsedSearch,
} from '@forum/search-text';

/** A search as the queries use it: what q asks for, and the filter matching it (null: nothing can). */
export interface SearchMatch {
  parsed: ParsedSearch;
  /**
   * `$text` finds and ranks (it matches any word, knows phrases and exclusions); `search_terms`
   * `$all` then requires every word, a residual test on the text index's candidates.
   */
  filter: Record<string, unknown> | null;
}

/** Only stop words, or only exclusions, match nothing: the caller answers an empty page. */
export function searchMatch(q: string): SearchMatch {
  const parsed = parseSearch(q);
  const terms = requiredTerms(parsed);
  return {
    parsed,
    filter:
      terms.length === 0
        ? null
        : { $text: { $search: toTextSearch(parsed) }, search_terms: { $all: terms } },
  };
}

/**
 * The textScore under a name no document uses (posts and comments have their own `score`, the
 * votes): projected and sorted by under it, highest first.
 */
export const TEXT_SCORE = { text_score: { $meta: 'textScore' } } as const;

/** Each sort of a content search; _id breaks ties so pages are stable. */
export const SEARCH_SORT: Record<SearchSort, Record<string, -1 | { $meta: 'textScore' }>> = {
  relevance: { ...TEXT_SCORE, _id: -1 },
  new: { created_at: -1, _id: -1 },
  top: { score: -1, _id: -1 },
};

/** The projection a sort needs (the textScore only for relevance). */
export const searchProjection = (sort: SearchSort) =>
  sort === 'relevance' ? TEXT_SCORE : undefined;

/** Community names are letters, digits and '_': a q that is one such word is also a prefix. */
const NAME_PREFIX = /^[a-z0-9_]+$/;

/** The lower-case name prefix q asks for, or null when q is not one name-like word. */
export function namePrefix(q: string): string | null {
  const folded = fold(q.trim());
  return NAME_PREFIX.test(folded) ? folded : null;
}

/** The prefix as an anchored regex: a range of the name_lower index (only [a-z0-9_], no escaping). */
export const prefixRange = (prefix: string) => ({ $regex: `^${prefix}` });
