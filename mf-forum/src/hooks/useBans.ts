import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { communityModerationKeys } from '../lib/communityModerationKeys';
import { nextOffset } from '../lib/communityModeration';

const PAGE = 20;

/** The community's active bans, newest first (moderators). */
export function useBans(communityId: string) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: communityModerationKeys.bans(communityId),
    queryFn: ({ pageParam, signal }) =>
      api.call(
        'GET /api/communities/{id}/bans',
        { params: { id: communityId }, query: { limit: PAGE, offset: pageParam } },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, (p) => p.bans.length),
  });
}
