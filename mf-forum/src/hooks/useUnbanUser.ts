import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { Ban } from '@forum/contracts';
import {
  communityModerationKeys,
  dropFromPages,
  refreshAfterModeration,
} from '../lib/communityModerationKeys';

/** Lifts a user's ban (§M2): the row leaves the bans list at once. */
export function useUnbanUser(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) =>
      api.call('DELETE /api/communities/{id}/bans/{userId}', {
        params: { id: communityId, userId },
      }),
    onSuccess: (_res, userId) => {
      dropFromPages<Ban, 'bans'>(
        queryClient,
        communityModerationKeys.bans(communityId),
        'bans',
        (b) => b.user_id === userId,
      );
      refreshAfterModeration(queryClient, communityId);
    },
  });
}
