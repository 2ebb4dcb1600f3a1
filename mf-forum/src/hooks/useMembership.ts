import { useQuery } from '@tanstack/react-query';
import { useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { forumKeys, useForumApi } from '../api/forum';

/** Whether the signed-in user is a member of `community`. */
export function useMembership(community: Community | undefined) {
  const api = useForumApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  return useQuery({
    queryKey: forumKeys.membership(community?.id ?? '', userId),
    queryFn: () => api.communities.membership(community!.id),
    enabled: Boolean(community) && status === 'signed-in' && userId !== '',
  });
}
