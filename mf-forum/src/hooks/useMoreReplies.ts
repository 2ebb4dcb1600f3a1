import { useMutation } from '@tanstack/react-query';
import type { CommentSort, CommentThread } from '@forum/contracts';
import { useApi } from '@forum/sdk';
import { useToast } from '../components/Toast';
import { repliesOffset } from '../lib/threads';
import { useCommentCache } from './useCommentCache';
import { TEXTS } from '../texts';

/** How many replies "N more replies" loads at a time (each with its own first replies). */
export const MORE_REPLIES_PAGE = 20;

/**
 * "N more replies" under a comment of the post page: its next replies from GET
 * /api/comments/{id}/replies in the page's sort, from where the page stopped, appended to the
 * cached thread (so votes, replies and edits work on them as on the rest). A failure says so
 * and leaves the button to try again.
 */
export function useMoreReplies(postId: string, comment: CommentThread, sort: CommentSort) {
  const api = useApi();
  const toast = useToast();
  const cache = useCommentCache(postId);
  return useMutation({
    mutationFn: () =>
      api.call('GET /api/comments/{id}/replies', {
        params: { id: comment.id },
        query: { sortBy: sort, limit: MORE_REPLIES_PAGE, offset: repliesOffset(comment) },
      }),
    onSuccess: (page) =>
      cache.appendReplies(sort, comment.id, page.comments, page.pagination.total),
    onError: () => toast(TEXTS.moreRepliesFailed),
  });
}
