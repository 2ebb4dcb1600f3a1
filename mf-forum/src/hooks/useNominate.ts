import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';

/** Nominates the signed-in user with a statement while nominations are open. */
export function useNominate(electionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (statement: string) =>
      api.call('POST /api/elections/{id}/candidates', {
        params: { id: electionId },
        body: { statement },
      }),
    onSuccess: (res) => {
      queryClient.setQueryData(electionKeys.detail(electionId), res);
      void queryClient.invalidateQueries({ queryKey: electionKeys.all, refetchType: 'none' });
    },
  });
}
