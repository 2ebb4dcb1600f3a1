import { useQuery } from '@tanstack/react-query';
import { isApiError } from '@forum/sdk';
import { forumKeys, useForumApi } from '../api/forum';

/** The community by name, with its 404 told apart. */
export function useCommunity(name: string) {
  const api = useForumApi();
  return useQuery({
    queryKey: forumKeys.community(name),
    queryFn: () => api.communities.byName(name),
    retry: (count, err) => !(isApiError(err) && err.status === 404) && count < 1,
  });
}
