import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { ReportedItem } from '@forum/contracts';
import {
  communityModerationKeys,
  dropFromPages,
  refreshAfterModeration,
} from '../lib/communityModerationKeys';

export interface ResolveReportInput {
  reportId: string;
  action: 'dismiss' | 'remove';
  reason?: string | undefined;
}

/** Closes every report on an item: dismiss, or remove the item (a logged removal, §M5). */
export function useResolveReport(communityId: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action, reason }: ResolveReportInput) =>
      api.call('POST /api/reports/{id}/resolve', {
        params: { id: reportId },
        body: { action, ...(reason ? { reason } : {}) },
      }),
    onSuccess: (_res, { reportId, action }) => {
      dropFromPages<ReportedItem, 'reports'>(
        queryClient,
        communityModerationKeys.reports(communityId, 'open'),
        'reports',
        (r) => r.id === reportId,
      );
      refreshAfterModeration(queryClient, communityId, { content: action === 'remove' });
    },
  });
}
