import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { communityModerationKeys } from '../lib/communityModerationKeys';
import { nextOffset } from '../lib/communityModeration';

const PAGE = 20;

/** The community's appeals, oldest open first (moderators). */
export function useAppealQueue(communityId: string, status: 'open' | 'closed') {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: communityModerationKeys.appeals(communityId, status),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/communities/{id}/appeals',
        { params: { id: communityId }, query: { status, limit: PAGE, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, (p) => p.appeals.length),
  });
}
