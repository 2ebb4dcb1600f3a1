import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { CreateElectionBody } from '@forum/contracts';
import { electionKeys } from '../lib/electionKeys';
import { communityModerationKeys } from '../lib/communityModerationKeys';

/** Starts an election in the community (moderators, the owner, the admin; EXTENSIONS §E). */
export function useStartElection(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateElectionBody) =>
      api.call('POST /api/communities/{id}/elections', { params: { id: communityId }, body }),
    onSuccess: ({ election }) => {
      queryClient.setQueryData(electionKeys.detail(election.id), { election });
      void queryClient.invalidateQueries({ queryKey: electionKeys.list(communityId) });
      void queryClient.invalidateQueries({ queryKey: electionKeys.latest(communityId) });
      // The start is an entry of the public log.
      void queryClient.invalidateQueries({ queryKey: communityModerationKeys.modlogAll });
    },
  });
}
