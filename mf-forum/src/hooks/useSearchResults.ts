import { useInfiniteQuery } from '@tanstack/react-query';
import { useSession } from '@forum/sdk';
import type { Pagination, SearchSort } from '@forum/contracts';
import type { SearchType } from '../lib/searchParams';

/** EXTENSIONS §S: results come 20 at a time, Load More asks for the next 20 (offset). */
export const SEARCH_PAGE_SIZE = 20;

/** What the posts and comments searches take besides the words. */
export interface ContentSearch {
  q: string;
  sort: SearchSort;
  community: string | null;
}

/**
 * One search's pages (offset pagination). Keys are under 'search', not 'posts': a vote marks the
 * feeds stale, not the search being read.
 */
export function useSearchResults<T extends { pagination: Pagination }>(
  type: SearchType,
  params: readonly unknown[],
  fetchPage: (offset: number, signal: AbortSignal) => Promise<T>,
  count: (page: T) => number,
) {
  // What visitors find differs (no NSFW): the signed-in user is part of the key.
  const userId = useSession().user?.id ?? null;
  return useInfiniteQuery({
    queryKey: ['search', type, ...params, userId],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: T, pages: T[]) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + count(p), 0) : undefined,
  });
}
