import type { SearchQuery } from '@forum/contracts';
import { fold, parseSearch, requiredTerms, toTextSearch, totalFromPage } from '@forum/search-text';
import { countLean, readLean } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';

export interface UserSearchPage {
  users: PresentableUser[];
  total: number;
  hasMore: boolean;
}

type Filter = Record<string, unknown>;

/** Deactivated users are never found (EXTENSIONS §S), nor deleted ones (always inactive). */
const VISIBLE = { is_active: { $ne: false } } as const;

/** Usernames are letters and digits: a folded q with anything else is nobody's prefix. */
const USERNAME_PREFIX = /^[a-z0-9]+$/;

/** Word matches by relevance; usernames are one word, so ties are common: then by name. */
export const WORD_ORDER = { score: { $meta: 'textScore' }, username_lower: 1 } as const;

/**
 * The usernames starting with `prefix`, as a range of the (username_lower, _id) index: the bounds
 * MongoDB derives from an anchored regex, written out because the embedded dev DB derives none.
 * q is only ever compared, so none of its characters is an operator.
 */
function prefixRange(prefix: string) {
  const last = prefix.charCodeAt(prefix.length - 1);
  return { $gte: prefix, $lt: prefix.slice(0, -1) + String.fromCharCode(last + 1) };
}

export interface UserSearchQueries {
  /** Users whose name starts with q (null: q cannot start a username). */
  byName: Filter | null;
  /** Users q matches as words, less the name matches (null: q has no word that can match). */
  byWord: Filter | null;
}

/** The one place the search's filters are built, so the explain test runs the same shapes. */
export function userSearchQueries(q: string): UserSearchQueries {
  const folded = fold(q);
  const range = USERNAME_PREFIX.test(folded) ? prefixRange(folded) : null;
  const parsed = parseSearch(q);
  // $text alone finds a document with any of the words; search_terms requires all of them.
  const terms = requiredTerms(parsed);
  return {
    byName: range && { username_lower: range, ...VISIBLE },
    byWord: terms.length
      ? {
          $text: { $search: toTextSearch(parsed) },
          search_terms: { $all: terms },
          ...VISIBLE,
          // No repeats: a name match is already listed above the word matches.
          ...(range ? { username_lower: { $not: range } } : {}),
        }
      : null,
  };
}

interface NameMatch {
  _id: Types.ObjectId;
  username_lower: string;
}

/** Shorter names first, so the exact name (the one match as long as q) leads; then A-Z. */
const shorterFirst = (a: NameMatch, b: NameMatch) =>
  a.username_lower.length - b.username_lower.length ||
  (a.username_lower < b.username_lower ? -1 : 1);

/**
 * EXTENSIONS §S users: the name matches (exact, then shorter, then alphabetical), then the word
 * matches by textScore, paged by offset/limit over the two lists. The name matches are read
 * whole (ids and names, from the index range) since no index orders them by length. Every read
 * goes straight through the driver (readLean: the filters hold stored types only).
 */
export async function searchUsers(
  { models: { User } }: IdentityDeps,
  { q, limit, offset }: SearchQuery,
): Promise<UserSearchPage> {
  const { byName, byWord } = userSearchQueries(q);
  const names = byName
    ? (await readLean<NameMatch>(User, byName, { projection: { username_lower: 1 } })).sort(
        shorterFirst,
      )
    : [];
  const pageIds = names.slice(offset, offset + limit).map((u) => u._id);
  const wordLimit = limit - pageIds.length;
  const wordSkip = Math.max(0, offset - names.length);
  const [named, byWordPage] = await Promise.all([
    pageIds.length
      ? readLean<PresentableUser>(
          User,
          { _id: { $in: pageIds }, ...VISIBLE },
          { projection: USER_FIELDS },
        )
      : [],
    byWord && wordLimit > 0
      ? readLean<PresentableUser>(User, byWord, {
          projection: USER_FIELDS,
          sort: WORD_ORDER,
          skip: wordSkip,
          limit: wordLimit,
        })
      : [],
  ]);
  // A short word page tells the total (most name searches): no count then.
  const wordTotal = byWord
    ? (totalFromPage(byWordPage.length, wordSkip, wordLimit) ?? (await countLean(User, byWord)))
    : 0;
  const byId = new Map(named.map((u) => [u._id.toHexString(), u]));
  // A user deactivated between the two reads is left out rather than shown.
  const namedPage = pageIds.flatMap((id) => byId.get(id.toHexString()) ?? []);
  const users = [...namedPage, ...byWordPage];
  const total = names.length + wordTotal;
  return { users, total, hasMore: offset + users.length < total };
}
