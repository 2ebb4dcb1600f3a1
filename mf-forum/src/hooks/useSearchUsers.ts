import { useApi } from '@forum/sdk';
import { SEARCH_PAGE_SIZE, useSearchResults } from './useSearchResults';

/** GET /api/search/users: matching users (name prefixes first). */
export function useSearchUsers(q: string) {
  const api = useApi();
  return useSearchResults(
    'users',
    [q],
    (offset, signal) =>
      api.call(
        'GET /api/search/users',
        { query: { q, limit: SEARCH_PAGE_SIZE, offset } },
        { signal },
      ),
    (page) => page.users.length,
  );
}
