import { useMutation } from '@tanstack/react-query';
import { useApi } from '@forum/sdk';
import type { Comment } from '@forum/contracts';
import { useCommentCache } from './useCommentCache';
import { useModerationStale } from './useModerationStale';

export interface CommentModerationInput {
  verb: 'remove' | 'restore';
  /** Required by remove, optional for restore. */
  reason?: string | undefined;
}

/**
 * Removes or restores a comment of the post (EXTENSIONS §M2) in `communityId`. The answer is the
 * comment as it is now: it replaces the cached one in every loaded sort, keeping its replies (the
 * reason fields cleared first, so a restore drops them); what else it changes goes stale.
 */
export function useCommentModeration(postId: string, communityId: string, comment: Comment) {
  const api = useApi();
  const cache = useCommentCache(postId);
  const markStale = useModerationStale();
  return useMutation({
    mutationFn: ({ verb, reason }: CommentModerationInput) => {
      const params = { id: comment.id };
      return verb === 'remove'
        ? api.call('POST /api/comments/{id}/remove', { params, body: { reason: reason ?? '' } })
        : api.call('POST /api/comments/{id}/restore', {
            params,
            body: reason ? { reason } : {},
          });
    },
    onSuccess: (res) => {
      markStale(communityId);
      cache.update({ removal_reason: undefined, removal_modlog_id: undefined, ...res.comment });
    },
  });
}
