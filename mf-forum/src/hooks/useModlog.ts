import { useInfiniteQuery } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { ModlogAction } from '@forum/contracts';
import { communityModerationKeys } from '../lib/communityModerationKeys';
import { nextOffset } from '../lib/communityModeration';

export const MODLOG_PAGE_SIZE = 20;

/** A community's public moderation log, or the site-wide one (`communityId` null), newest first. */
export function useModlog(communityId: string | null, action: ModlogAction | undefined) {
  const api = useApi();
  return useInfiniteQuery({
    queryKey: communityModerationKeys.modlog(communityId ?? 'site', action),
    queryFn: ({ pageParam, signal }) => {
      const query = { limit: MODLOG_PAGE_SIZE, offset: pageParam, ...(action ? { action } : {}) };
      return communityId
        ? api.call(
            'GET /api/communities/{id}/modlog',
            { params: { id: communityId }, query },
            { signal },
          )
        : api.call('GET /api/modlog', { query }, { signal });
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) => nextOffset(last, pages, (p) => p.entries.length),
  });
}
