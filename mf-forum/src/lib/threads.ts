import type { InfiniteData } from '@tanstack/react-query';
import type { Comment, CommentThread, CommentThreadsResponse } from '@forum/contracts';

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
 * A comment placed on this page outside the server's order: a reply the reader wrote here,
 * appended to its parent's loaded replies (SPEC), or a linked comment the page did not carry
 * (withLinkedChain). "N more replies" must not count it in its offset.
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

/**
 * `threads` with comment `id` (at any depth) replaced by `edit(it)`. Untouched branches keep
 * their identity (React skips them); `threads` itself comes back when `id` is not there.
 */
export function withCommentEdited(
  threads: CommentThread[],
  id: string,
  edit: (c: CommentThread) => CommentThread,
): CommentThread[] {
  let touched = false;
  const out = threads.map((c) => {
    if (c.id === id) {
      touched = true;
      return edit(c);
    }
    const replies = withCommentEdited(c.replies, id, edit);
    if (replies === c.replies) return c;
    touched = true;
    return { ...c, replies };
  });
  return touched ? out : threads;
}

/** `threads` with `parentId`'s next replies appended (those already shown left out) and its
 * reply_count from the replies route's total. */
export const withMoreReplies = (
  threads: CommentThread[],
  parentId: string,
  more: CommentThread[],
  total: number,
): CommentThread[] =>
  withCommentEdited(threads, parentId, (c) => {
    const shown = new Set(c.replies.map((r) => r.id));
    return {
      ...c,
      reply_count: total,
      replies: [...c.replies, ...more.filter((r) => !shown.has(r.id))],
    };
  });

/** Is comment `id` anywhere in these threads (at any depth)? */
export function containsComment(threads: CommentThread[], id: string): boolean {
  return threads.some((c) => c.id === id || containsComment(c.replies, id));
}

/**
 * The page's data with a linked comment (#comment-{id}) that the page did not carry: `chain` is
 * that comment and its ancestors, the top-level one first. The part of the chain the page lacks
 * goes under its deepest loaded ancestor (after that ancestor's replies), or, when even the
 * top-level comment is missing, at the top of the first page. Each inserted comment is marked
 * like the reader's own replies: "N more replies" offsets skip it, counts include it (it is one
 * of the parent's replies already counted), and a later load of it (more replies, the next page
 * of threads) is dropped as a repeat. Returns `data` itself when there is nothing to insert or
 * no place for it (a chain of another post, or cut short above its top-level comment).
 */
export function withLinkedChain(data: ThreadPages, postId: string, chain: Comment[]): ThreadPages {
  const linked = chain.at(-1);
  if (!linked || chain.some((c) => c.post_id !== postId)) return data;
  const threads = threadsOf(data);
  if (containsComment(threads, linked.id)) return data;
  let at = chain.length - 2;
  while (at >= 0 && !containsComment(threads, chain[at]!.id)) at--;
  const missing = chain.slice(at + 1);
  if (at < 0 && missing[0]!.parent_id !== null) return data;
  const node = missing.reduceRight<CommentThread | null>(
    (child, c) => ({ ...c, replies: child ? [child] : [], addedHere: true }) as AddedReply,
    null,
  )!;
  if (at < 0) {
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ ...first!, comments: [node, ...first!.comments] }, ...rest] };
  }
  const parentId = chain[at]!.id;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      comments: withCommentEdited(page.comments, parentId, (c) => ({
        ...c,
        replies: [...c.replies, node],
      })),
    })),
  };
}
