import type { InfiniteData } from '@tanstack/react-query';
import type { CommentThread, CommentThreadsResponse } from '@forum/contracts';

/** The post page's comments: pages of 50 top-level threads (Load more comments). */
export type ThreadPages = InfiniteData<CommentThreadsResponse, unknown>;

/** Every thread of the loaded pages once: new comments shift offsets, so pages may overlap. */
export function threadsOf(data: ThreadPages): CommentThread[] {
  const seen = new Set<string>();
  const out: CommentThread[] = [];
  for (const page of data.pages) {
    for (const c of page.comments) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      out.push(c);
    }
  }
  return out;
}

/**
 * A reply the reader wrote on this page, appended to its parent's loaded replies (SPEC) outside
 * the server's order: "N more replies" must not count it in its offset.
 */
export type AddedReply = CommentThread & { addedHere: true };

export const isAddedHere = (c: CommentThread): c is AddedReply =>
  (c as Partial<AddedReply>).addedHere === true;

/** The post page nests only a comment's first replies; the rest load on demand. */
export const missingReplies = (c: CommentThread): number =>
  Math.max(0, c.reply_count - c.replies.length);

/**
 * Where "N more replies" continues GET /comments/{id}/replies: the replies the server gave, a
 * prefix of its order. Replies written here do not count: it may repeat one (see withMoreReplies)
 * but never skips one.
 */
export const repliesOffset = (c: CommentThread): number =>
  c.replies.filter((r) => !isAddedHere(r)).length;

/** `threads` with `parentId`'s next replies appended (those already shown left out) and its
 * reply_count from the replies route's total. */
export function withMoreReplies(
  threads: CommentThread[],
  parentId: string,
  more: CommentThread[],
  total: number,
): CommentThread[] {
  const edit = (list: CommentThread[]): CommentThread[] => {
    let touched = false;
    const out = list.map((c) => {
      let next = c;
      if (c.id === parentId) {
        const shown = new Set(c.replies.map((r) => r.id));
        const replies = [...c.replies, ...more.filter((r) => !shown.has(r.id))];
        next = { ...c, reply_count: total, replies };
      } else if (c.replies.length > 0) {
        const replies = edit(c.replies);
        if (replies !== c.replies) next = { ...c, replies };
      }
      touched ||= next !== c;
      return next;
    });
    return touched ? out : list;
  };
  return edit(threads);
}
