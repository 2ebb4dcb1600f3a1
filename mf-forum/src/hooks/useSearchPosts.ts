import { useApi } from '@forum/sdk';
import { SEARCH_PAGE_SIZE, useSearchResults } from './useSearchResults';
import type { ContentSearch } from './useSearchResults';

/** GET /api/search/posts: matching posts, by relevance, newest or top, in one community or all. */
export function useSearchPosts({ q, sort, community }: ContentSearch) {
  const api = useApi();
  return useSearchResults(
    'posts',
    [q, sort, community],
    (offset, signal) =>
      api.call(
        'GET /api/search/posts',
        { query: { q, sort, community: community ?? undefined, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (page) => page.posts.length,
  );
}
