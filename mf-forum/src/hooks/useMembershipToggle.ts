import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorMessage, useApi } from '@forum/sdk';
import type { Community } from '@forum/contracts';
import { forumKeys } from '../lib/forumKeys';
import { useToast } from '../components/Toast';
import { TEXTS } from '../texts';

/** Join or leave; updates the member count from the server's answer. */
export function useMembershipToggle() {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ community, join }: { community: Community; join: boolean }) =>
      join
        ? api.call('POST /api/communities/{id}/join', { params: { id: community.id } })
        : api.call('POST /api/communities/{id}/leave', { params: { id: community.id } }),
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
