import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { communityModerationKeys, refreshAfterModeration } from '../lib/communityModerationKeys';

/**
 * The moderator team (§M1): appoint a member (owner or admin), remove a moderator or step down,
 * hand ownership to a moderator. Each refreshes the team, the log and the memberships.
 */
export function useTeamActions(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({
      queryKey: communityModerationKeys.moderators(communityId),
    });
    refreshAfterModeration(queryClient, communityId);
  };
  const add = useMutation({
    mutationFn: (username: string) =>
      api.call('POST /api/communities/{id}/moderators', {
        params: { id: communityId },
        body: { username },
      }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (userId: string) =>
      api.call('DELETE /api/communities/{id}/moderators/{userId}', {
        params: { id: communityId, userId },
      }),
    onSuccess: refresh,
  });
  const transfer = useMutation({
    mutationFn: (username: string) =>
      api.call('POST /api/communities/{id}/owner', {
        params: { id: communityId },
        body: { username },
      }),
    onSuccess: (team) => {
      queryClient.setQueryData(communityModerationKeys.moderators(communityId), team);
      refresh();
    },
  });
  return { add, remove, transfer };
}
