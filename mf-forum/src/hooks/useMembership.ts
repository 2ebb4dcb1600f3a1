import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';

/**
 * The signed-in user's membership of a community (member, owner, moderator, ban): one cache
 * entry per community and user, shared by the community page and the post page.
 */
export function useMembership(communityId: string | undefined, enabled = true) {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: forumKeys.membership(communityId ?? '', userId),
    queryFn: () =>
      api.call('GET /api/communities/{id}/membership', { params: { id: communityId! } }),
    enabled: enabled && Boolean(communityId) && status === 'signed-in' && userId !== '',
  });
}
