import { useInfiniteQuery } from '@tanstack/react-query';
import type { CommentSort } from '@forum/contracts';
import { COMMENT_PAGE_SIZE, forumKeys, useForumApi } from '../api/forum';
import { threadsOf } from '../lib/threads';

/** A post's comment threads in `sort` order, a page at a time (Load more comments). */
export function usePostComments(postId: string, sort: CommentSort) {
  const api = useForumApi();
  const comments = useInfiniteQuery({
    queryKey: forumKeys.comments(postId, sort),
    queryFn: ({ pageParam }) => api.comments.forPost(postId, sort, pageParam),
    initialPageParam: 0,
    // Offsets step by the page size: comments added meanwhile shift the server's list, which
    // can repeat a thread on the next page (threadsOf drops it) but never skips one.
    getNextPageParam: (last, _all, lastOffset) =>
      last.pagination.hasMore ? lastOffset + COMMENT_PAGE_SIZE : undefined,
  });
  const threads = comments.data ? threadsOf(comments.data) : [];
  return { comments, threads };
}
