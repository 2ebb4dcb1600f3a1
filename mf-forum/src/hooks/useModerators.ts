import { useQuery } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { communityModerationKeys } from '../lib/communityModerationKeys';

/** The community's moderator team, owner first (public). */
export function useModerators(communityId: string) {
  const api = useApi();
  return useQuery({
    queryKey: communityModerationKeys.moderators(communityId),
    queryFn: ({ signal }) =>
      api.call('GET /api/communities/{id}/moderators', { params: { id: communityId } }, { signal }),
  });
}
