import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { Appeal } from '@forum/contracts';
import {
  communityModerationKeys,
  dropFromPages,
  refreshAfterModeration,
} from '../lib/communityModerationKeys';

export interface DecideAppealInput {
  appealId: string;
  outcome: 'overturn' | 'uphold';
  reason: string;
}

/** Overturns (reverses the action: restore, unban) or upholds an appeal (§M6). */
export function useDecideAppeal(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appealId, outcome, reason }: DecideAppealInput) =>
      api.call('POST /api/appeals/{id}/decide', {
        params: { id: appealId },
        body: { outcome, reason },
      }),
    onSuccess: (_res, { appealId, outcome }) => {
      dropFromPages<Appeal, 'appeals'>(
        queryClient,
        communityModerationKeys.appeals(communityId, 'open'),
        'appeals',
        (a) => a.id === appealId,
      );
      refreshAfterModeration(queryClient, communityId, { content: outcome === 'overturn' });
    },
  });
}
