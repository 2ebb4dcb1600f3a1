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
