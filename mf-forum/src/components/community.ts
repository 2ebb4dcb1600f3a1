import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useSession } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { forumKeys, useForumApi } from '../api/forum';
import { useToast } from './Toast';

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

/** Join or leave; updates the member count from the server's answer. */
export function useMembershipToggle() {
  const api = useForumApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ community, join }: { community: Community; join: boolean }) =>
      join ? api.communities.join(community.id) : api.communities.leave(community.id),
    onError: (err, { join }) =>
      toast(errorMessage(err, join ? 'Failed to join community' : 'Failed to leave community')),
    onSuccess: (res, { community }) => {
      queryClient.setQueryData(
        forumKeys.community(community.name),
        (old: { community: Community } | undefined) =>
          old ? { community: { ...old.community, member_count: res.member_count } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['communities'] });
      void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
    },
  });
}
