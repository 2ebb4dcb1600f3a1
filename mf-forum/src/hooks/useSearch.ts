import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import type { Pagination, SearchSort } from '@forum/contracts';
import type { SearchType } from '../components/search/searchParams';

/** EXTENSIONS §S: results come 20 at a time, Load More asks for the next 20 (offset). */
export const SEARCH_PAGE_SIZE = 20;

/** Keys under 'search', not 'posts': a vote marks the feeds stale, not the search being read. */
const searchKey = (type: SearchType, ...rest: unknown[]) => ['search', type, ...rest] as const;

function usePagedSearch<T extends { pagination: Pagination }>(
  key: readonly unknown[],
  fetchPage: (offset: number, signal: AbortSignal) => Promise<T>,
  count: (page: T) => number,
) {
  // What visitors find differs (no NSFW): the signed-in user is part of the key.
  const userId = useSession().user?.id ?? null;
  return useInfiniteQuery({
    queryKey: [...key, userId],
    queryFn: ({ pageParam, signal }) => fetchPage(pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: T, pages: T[]) =>
      last.pagination.hasMore ? pages.reduce((n, p) => n + count(p), 0) : undefined,
  });
}

interface ContentSearch {
  q: string;
  sort: SearchSort;
  community: string | null;
}

export function useSearchPosts({ q, sort, community }: ContentSearch) {
  const api = useApi();
  return usePagedSearch(
    searchKey('posts', q, sort, community),
    (offset, signal) =>
      api.call(
        'GET /api/search/posts',
        {
          query: {
            q,
            sort,
            community: community ?? undefined,
            limit: SEARCH_PAGE_SIZE,
            offset,
          },
        },
        { signal },
      ),
    (p) => p.posts.length,
  );
}

export function useSearchComments({ q, sort, community }: ContentSearch) {
  const api = useApi();
  return usePagedSearch(
    searchKey('comments', q, sort, community),
    (offset, signal) =>
      api.call(
        'GET /api/search/comments',
        {
          query: {
            q,
            sort,
            community: community ?? undefined,
            limit: SEARCH_PAGE_SIZE,
            offset,
          },
        },
        { signal },
      ),
    (p) => p.comments.length,
  );
}

export function useSearchCommunities(q: string) {
  const api = useApi();
  return usePagedSearch(
    searchKey('communities', q),
    (offset, signal) =>
      api.call(
        'GET /api/search/communities',
        { query: { q, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (p) => p.communities.length,
  );
}

export function useSearchUsers(q: string) {
  const api = useApi();
  return usePagedSearch(
    searchKey('users', q),
    (offset, signal) =>
      api.call(
        'GET /api/search/users',
        { query: { q, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (p) => p.users.length,
  );
}
