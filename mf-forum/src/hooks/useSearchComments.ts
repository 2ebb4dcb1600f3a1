import { useApi } from '@forum/sdk';
import { SEARCH_PAGE_SIZE, useSearchResults } from './useSearchResults';
import type { ContentSearch } from './useSearchResults';

/** GET /api/search/comments: matching comments, by relevance, newest or top, in one community or all. */
export function useSearchComments({ q, sort, community }: ContentSearch) {
  const api = useApi();
  return useSearchResults(
    'comments',
    [q, sort, community],
    (offset, signal) =>
      api.call(
        'GET /api/search/comments',
        { query: { q, sort, community: community ?? undefined, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (page) => page.comments.length,
  );
}
