import { useQuery } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';

/**
 * Whether the signed-in user may moderate the community (EXTENSIONS §M1): the site admin
 * everywhere (the token's is_admin, as the server reads it), else its owner and moderators
 * (the membership answer, shared with the community page's cache entry).
 */
export function useCanModerate(communityId: string): boolean {
  const api = useApi();
  const { status, user } = useSession();
  const userId = user?.id ?? '';
  const isAdmin = user?.is_admin === true;
  const membership = useQuery({
    queryKey: forumKeys.membership(communityId, userId),
    queryFn: () =>
      api.call('GET /api/communities/{id}/membership', { params: { id: communityId } }),
    enabled: status === 'signed-in' && userId !== '' && !isAdmin,
  });
  if (status !== 'signed-in') return false;
  return isAdmin || membership.data?.isModerator === true;
}
