import type { SearchSort } from '@forum/contracts';

export const SEARCH_TYPES = ['posts', 'comments', 'communities', 'users'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
export const SEARCH_SORTS: readonly SearchSort[] = ['relevance', 'new', 'top'];

/** What /search?q=&type=&sort=&community= asks for; unknown values fall back to the defaults. */
export interface SearchState {
  /** As typed, trimmed. */
  q: string;
  type: SearchType;
  sort: SearchSort;
  community: string | null;
}

export function parseSearch(params: URLSearchParams): SearchState {
  const type = params.get('type');
  const sort = params.get('sort');
  return {
    q: (params.get('q') ?? '').trim(),
    type: SEARCH_TYPES.find((t) => t === type) ?? 'posts',
    sort: SEARCH_SORTS.find((s) => s === sort) ?? 'relevance',
    community: params.get('community') || null,
  };
}

/** The URL parameters with one changed (null removes it). */
export function withParam(
  params: URLSearchParams,
  name: 'q' | 'type' | 'sort' | 'community',
  value: string | null,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value === null) next.delete(name);
  else next.set(name, value);
  return next;
}
