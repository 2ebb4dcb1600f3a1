import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';

/** The signed-in user's communities (ids), for Join/Joined on lists. */
export function useMyCommunities() {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: forumKeys.myCommunities(userId),
    queryFn: () => api.call('GET /api/communities/my', { query: { limit: 100 } }),
    enabled: status === 'signed-in' && userId !== '',
  });
}
