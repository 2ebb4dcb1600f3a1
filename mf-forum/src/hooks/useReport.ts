import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';

export interface ReportTarget {
  kind: 'post' | 'comment';
  id: string;
}

/** Reports a post or a comment to its community's moderators (EXTENSIONS §M5). */
export function useReport(target: ReportTarget) {
  const api = useApi();
  return useMutation({
    mutationFn: (reason: string) => {
      const request = { params: { id: target.id }, body: { reason } };
      return target.kind === 'post'
        ? api.call('POST /api/posts/{id}/report', request)
        : api.call('POST /api/comments/{id}/report', request);
    },
  });
}
