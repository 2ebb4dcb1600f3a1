import { useInfiniteQuery } from '@tanstack/react-query';
import type { CommentSort } from '@forum/contracts';
import { useApi } from '@forum/sdk';
import { forumKeys } from '../lib/forumKeys';
import { threadsOf } from '../lib/threads';

/** Spec: the post page loads top-level comments 50 at a time (each with its replies). */
const COMMENT_PAGE_SIZE = 50;

/** A post's comment threads in `sort` order, a page at a time (Load more comments). */
export function usePostComments(postId: string, sort: CommentSort) {
  const api = useApi();
  const comments = useInfiniteQuery({
    queryKey: forumKeys.comments(postId, sort),
    queryFn: ({ pageParam }) =>
      api.call('GET /api/comments/post/{postId}', {
        params: { postId },
        query: { sortBy: sort, limit: COMMENT_PAGE_SIZE, offset: pageParam },
      }),
    initialPageParam: 0,
    // Offsets step by the page size: comments added meanwhile shift the server's list, which
    // can repeat a thread on the next page (threadsOf drops it) but never skips one.
    getNextPageParam: (last, _all, lastOffset) =>
      last.pagination.hasMore ? lastOffset + COMMENT_PAGE_SIZE : undefined,
  });
  const threads = comments.data ? threadsOf(comments.data) : [];
  return { comments, threads };
}
