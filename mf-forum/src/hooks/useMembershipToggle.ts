import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { forumKeys, useForumApi } from '../api/forum';
import { useToast } from '../components/Toast';
import { TEXTS } from '../texts';

/** Join or leave; updates the member count from the server's answer. */
export function useMembershipToggle() {
  const api = useForumApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ community, join }: { community: Community; join: boolean }) =>
      join ? api.communities.join(community.id) : api.communities.leave(community.id),
    onError: (err, { join }) =>
      toast(errorMessage(err, join ? TEXTS.joinFailed : TEXTS.leaveFailed)),
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
