import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { forumKeys } from '../lib/forumKeys';

/** Whether the signed-in user is a member of `community`. */
export function useMembership(community: Community | undefined) {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: forumKeys.membership(community?.id ?? '', userId),
    queryFn: () =>
      api.call('GET /api/communities/{id}/membership', { params: { id: community!.id } }),
    enabled: Boolean(community) && status === 'signed-in' && userId !== '',
  });
}
