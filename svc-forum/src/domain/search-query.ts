import type { SearchSort } from '@forum/contracts';
import type { LeanReadOptions } from '@forum/service-kit';
import type { Types } from 'mongoose';
import {
  fold,
  parseSearch,
  requiredTerms,
  toTextSearch,
  type ParsedSearch,
} from '@forum/search-text';
import { visibleComments, visiblePosts, type Hidden } from './hidden-filter.js';
import { withRemovalRule, type RemovedSeen } from './removed-filter.js';

/** A search as the queries use it: what q asks for, and the filter matching it (null: nothing can). */
export interface SearchMatch {
  parsed: ParsedSearch;
  /**
   * `$text` finds and ranks (it matches any word, knows phrases and exclusions); `search_terms`
   * `$all` then requires every word, a residual test on the text index's candidates.
   */
  filter: Filter | null;
}

type Filter = Record<string, unknown>;

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

/**
 * What a search page reads: the fields its presenter shows (`fields`: the lists' own; each
 * document's dozens of search terms were most of the bytes sent and decoded per page), with the
 * textScore for relevance. A projection of fields alone also lets the dev DB copy each found
 * document's bytes it encoded before.
 */
export const searchProjection = (fields: Record<string, 1>, sort: SearchSort) =>
  sort === 'relevance' ? { ...fields, ...TEXT_SCORE } : fields;

/** A search page's read options for readLean. */
export const searchRead = (
  fields: Record<string, 1>,
  sort: SearchSort,
  skip: number,
  limit: number,
): LeanReadOptions => ({
  projection: searchProjection(fields, sort),
  sort: SEARCH_SORT[sort],
  skip,
  limit,
});

/** Community names are letters, digits and '_': a q that is one such word is also a prefix. */
const NAME_PREFIX = /^[a-z0-9_]+$/;

/** The lower-case name prefix q asks for, or null when q is not one name-like word. */
export function namePrefix(q: string): string | null {
  const folded = fold(q.trim());
  return NAME_PREFIX.test(folded) ? folded : null;
}

/**
 * The names starting with a prefix as a range of the name_lower index: every name character
 * ([a-z0-9_]) sorts below '~'. A range plans the same on MongoDB and the dev DB (which scans
 * for an anchored $regex).
 */
export const prefixRange = (prefix: string) => ({ $gte: prefix, $lt: `${prefix}~` });

/** Who searches where, for the rules the lists apply. */
export interface SearchListScope {
  /** The community `community` (a name) narrowed the search to. */
  communityId?: Types.ObjectId;
  /** Visitors (no token) never see NSFW content. */
  visitor: boolean;
  /** Whose removed items the reader sees (EXTENSIONS §M4). */
  removedSeen: RemovedSeen;
}

/**
 * The lists' rules (EXTENSIONS §M4, spec §6) as a search filter: NSFW out for visitors (an NSFW
 * community searched by a visitor answers nothing, as its post list does), removed items out but
 * for their moderators and the admin.
 */
export function searchListFilter({ communityId, visitor, removedSeen }: SearchListScope): Filter {
  const filter: Filter = {};
  if (communityId) filter.community_id = communityId;
  if (visitor) filter.community_nsfw = false;
  return withRemovalRule(filter, removedSeen);
}

/** A post search's whole filter (null: nothing can match): no post being deleted. */
export function postSearchFilter(
  list: Filter,
  hidden: Hidden,
  match: Filter | null,
): Filter | null {
  const visible = match && visiblePosts(list, hidden);
  return visible && { ...visible, ...match };
}

/**
 * A comment search's whole filter (null: nothing can match): never a deleted comment, nor one
 * under a removed post (post_removed, copied by the post's removal) or a post or community being
 * deleted: residual tests on the text index's candidates.
 */
export function commentSearchFilter(
  list: Filter,
  hidden: Hidden,
  match: Filter | null,
): Filter | null {
  const visible =
    match && visibleComments({ ...list, is_deleted: false, post_removed: { $ne: true } }, hidden);
  return visible && { ...visible, ...match };
}
