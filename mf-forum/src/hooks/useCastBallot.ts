import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi, useSession } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';

/** Casts or replaces the signed-in user's approval ballot while voting is open. */
export function useCastBallot(electionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: (approve: string[]) =>
      api.call('PUT /api/elections/{id}/ballot', { params: { id: electionId }, body: { approve } }),
    onSuccess: (res) => {
      queryClient.setQueryData(electionKeys.ballot(electionId, user?.id ?? ''), res);
      // A first ballot moves the election's ballots_cast.
      void queryClient.invalidateQueries({ queryKey: electionKeys.detail(electionId) });
    },
  });
}
