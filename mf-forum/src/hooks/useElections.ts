import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';
import { nextOffset } from '../lib/communityModeration';

export const ELECTIONS_PAGE_SIZE = 20;

/** A community's elections, newest first, page by page (`enabled` false for a gated visitor). */
export function useElections(communityId: string, enabled = true) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: electionKeys.list(communityId),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/communities/{id}/elections',
        { params: { id: communityId }, query: { limit: ELECTIONS_PAGE_SIZE, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, (p) => p.elections.length),
    enabled,
  });
}
