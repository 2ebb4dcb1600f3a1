import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { Ban } from '@forum/contracts';
import {
  communityModerationKeys,
  dropFromPages,
  refreshAfterModeration,
} from '../lib/communityModerationKeys';

export interface BanInput {
  username: string;
  reason: string;
  /** 1-3650; undefined is a permanent ban. */
  days: number | undefined;
}

/** Ban a user from the community, and lift a ban (§M2). */
export function useBanActions(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const ban = useMutation({
    mutationFn: ({ username, reason, days }: BanInput) =>
      api.call('POST /api/communities/{id}/bans', {
        params: { id: communityId },
        body: { username, reason, ...(days === undefined ? {} : { days }) },
      }),
    onSuccess: () => refreshAfterModeration(queryClient, communityId),
  });
  const unban = useMutation({
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
  return { ban, unban };
}
