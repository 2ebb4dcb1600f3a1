import { useApi } from '@forum/sdk';
import { SEARCH_PAGE_SIZE, useSearchResults } from './useSearchResults';

/** GET /api/search/communities: matching communities (name prefixes first). */
export function useSearchCommunities(q: string) {
  const api = useApi();
  return useSearchResults(
    'communities',
    [q],
    (offset, signal) =>
      api.call(
        'GET /api/search/communities',
        { query: { q, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (page) => page.communities.length,
  );
}
