import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';

/**
 * POST /messages/messages/{id}/report {reason} (EXTENSIONS §M5): the recipient reports a message
 * to the site admin. 201 on success; a second open report is 409 'You have already reported this'.
 */
export function useReportMessage(id: string) {
  const api = useApi();
  return useMutation({
    mutationFn: (reason: string) =>
      api.call('POST /api/messages/messages/{id}/report', { params: { id }, body: { reason } }),
  });
}
