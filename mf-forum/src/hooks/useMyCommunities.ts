import { useQuery } from '@tanstack/react-query';
import { useSession } from '@forum/sdk';
import { forumKeys, useForumApi } from '../api/forum';

/** The signed-in user's communities (ids), for Join/Joined on lists. */
export function useMyCommunities() {
  const api = useForumApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: forumKeys.myCommunities(userId),
    queryFn: () => api.communities.mine({ limit: 100 }),
    enabled: status === 'signed-in' && userId !== '',
  });
}
