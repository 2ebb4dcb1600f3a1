import { useQueryClient } from '@tanstack/react-query';
import type {
  Comment,
  CommentSort,
  CommentThread,
  CommentThreadsResponse,
  Post,
} from '@forum/contracts';
import { forumKeys } from '../lib/forumKeys';
import {
  withCommentEdited,
  withLinkedChain,
  withMoreReplies,
  type AddedReply,
  type ThreadPages,
} from '../lib/threads';

type Threads = CommentThreadsResponse;

/** Cache edits of the post's comment threads (all sorts) and its comment_count. */
export function useCommentCache(postId: string) {
  const queryClient = useQueryClient();
  /** Applies fn to every loaded page of every sort; `first` tells the page new threads go to. */
  const editThreads = (fn: (t: Threads, first: boolean) => Threads) =>
    queryClient.setQueriesData<ThreadPages>({ queryKey: forumKeys.commentsOf(postId) }, (old) =>
      old ? { ...old, pages: old.pages.map((page, i) => fn(page, i === 0)) } : old,
    );
  const adjustCount = (delta: number) => {
    queryClient.setQueryData<{ post: Post }>(forumKeys.post(postId), (old) =>
      old
        ? { post: { ...old.post, comment_count: Math.max(0, old.post.comment_count + delta) } }
        : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['posts'], refetchType: 'none' });
  };
  return {
    /** Spec §4: new top-level comments are prepended, replies appended (marked: they sit
     * outside the server's order, which "N more replies" continues). */
    add(comment: Comment) {
      const node: CommentThread | AddedReply = comment.parent_id
        ? { ...comment, replies: [], addedHere: true }
        : { ...comment, replies: [] };
      editThreads((t, first) =>
        comment.parent_id
          ? {
              ...t,
              comments: withCommentEdited(t.comments, comment.parent_id, (c) => ({
                ...c,
                reply_count: c.reply_count + 1,
                replies: [...c.replies, node],
              })),
            }
          : first
            ? { ...t, comments: [node, ...t.comments] }
            : t,
      );
      adjustCount(1);
    },
    /** "N more replies": the next replies of `parentId` in `sort` (the order they came in). */
    appendReplies(sort: CommentSort, parentId: string, more: CommentThread[], total: number) {
      queryClient.setQueryData<ThreadPages>(forumKeys.comments(postId, sort), (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((page) => ({
                ...page,
                comments: withMoreReplies(page.comments, parentId, more, total),
              })),
            }
          : old,
      );
    },
    /** #comment-{id} the page did not carry: that comment and its ancestors (top-level first). */
    insertLinked(sort: CommentSort, chain: Comment[]) {
      queryClient.setQueryData<ThreadPages>(forumKeys.comments(postId, sort), (old) =>
        old ? withLinkedChain(old, postId, chain) : old,
      );
    },
    update(comment: Comment) {
      editThreads((t) => ({
        ...t,
        comments: withCommentEdited(t.comments, comment.id, (c) => ({ ...c, ...comment })),
      }));
    },
    removed(id: string) {
      adjustCount(-1);
      void queryClient.invalidateQueries({ queryKey: forumKeys.commentsOf(postId) });
      void id;
    },
  };
}
