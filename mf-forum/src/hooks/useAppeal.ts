import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';

/** Appeals a moderation decision, named by its log entry (EXTENSIONS §M6), once. */
export function useAppeal(modlogId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.call('POST /api/appeals', { body: { modlog_id: modlogId, text } }),
    // The community's appeals queue, should one of its moderators have it loaded.
    onSuccess: ({ appeal }) =>
      void queryClient.invalidateQueries({
        queryKey: ['moderation', appeal.community_id],
        refetchType: 'none',
      }),
  });
}
