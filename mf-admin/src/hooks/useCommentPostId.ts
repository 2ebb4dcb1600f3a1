import { useQuery } from '@tanstack/react-query';
import { adminKeys } from '../lib/adminKeys';
import { adminQueryDefaults, useAdminContext } from './useAdminContext';

/**
 * The post a reported comment lives on, for its link (the queue names only the comment). Null
 * until known; a comment that no longer exists simply gets no link.
 */
export function useCommentPostId(commentId: string, enabled: boolean): string | null {
  const { api, uid, enabled: signedIn } = useAdminContext();
  const query = useQuery({
    queryKey: adminKeys.commentPost(uid, commentId),
    queryFn: async ({ signal }) =>
      (await api.call('GET /api/comments/{id}', { params: { id: commentId } }, { signal })).comment
        .post_id,
    enabled: enabled && signedIn,
    ...adminQueryDefaults,
    // A comment never moves to another post.
    staleTime: Infinity,
  });
  return query.data ?? null;
}
