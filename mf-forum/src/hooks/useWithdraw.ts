import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import { electionKeys } from '../lib/electionKeys';

/** Withdraws the signed-in user's nomination while nominations are open. */
export function useWithdraw(electionId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.call('DELETE /api/elections/{id}/candidates/me', { params: { id: electionId } }),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: electionKeys.detail(electionId) }).then(() => {
        void queryClient.invalidateQueries({ queryKey: electionKeys.all, refetchType: 'none' });
      }),
  });
}
