import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { useAdminContext } from './useAdminContext';

export interface ResolveInput {
  id: string;
  action: 'dismiss' | 'remove';
  reason?: string;
}

/**
 * POST /reports/{id}/resolve: closes every report on the item (remove also removes it). The queue
 * is refetched before the mutation settles, also after a refusal (a moderator may have closed it
 * first), so the caller's success handler sees the new list.
 */
export function useResolveReport() {
  const { api, uid } = useAdminContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: ResolveInput) =>
      api.call('POST /api/reports/{id}/resolve', {
        params: { id },
        body: reason === undefined ? { action } : { action, reason },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.reportsAll(uid) }),
  });
}
