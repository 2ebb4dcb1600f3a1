import { useQuery } from '@tanstack/react-query';
import { isApiError, useApi } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';

/** The community by name, with its 404 told apart. */
export function useCommunity(name: string) {
  const api = useApi();
  return useQuery({
    queryKey: forumKeys.community(name),
    queryFn: () => api.call('GET /api/communities/name/{name}', { params: { name } }),
    retry: (count, err) => !(isApiError(err) && err.status === 404) && count < 1,
  });
}
