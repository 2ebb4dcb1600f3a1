import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import type { Comment, CommentSort, CommentThread } from '@forum/contracts';
import { useApi } from '@forum/sdk';
import { MAX_DEPTH } from '../components/comments/CommentItem';
import { containsComment } from '../lib/threads';
import { useCommentCache } from './useCommentCache';

/** The comment a post page's address names (#comment-{id}), if any. */
export function linkedCommentId(hash: string): string | null {
  return /^#comment-([a-fA-F0-9]{24})$/.exec(hash)?.[1] ?? null;
}

/**
 * #comment-{id} for a comment the loaded threads do not carry (a reply beyond the replies the
 * page nests, a thread past the first page): reads it and its ancestors (GET /api/comments/{id},
 * at most 3 more) and inserts the part the page lacks into the cached threads at its place
 * (again after a refetch of the threads, and in another sort).
 * Returns true once the threads have what they will get (the comment, or nothing: a missing
 * comment or one of another post leaves the page as it is, without an error).
 */
export function useLinkedComment(
  postId: string,
  sort: CommentSort,
  threads: CommentThread[],
  loaded: boolean,
): boolean {
  const api = useApi();
  const cache = useCommentCache(postId);
  const id = linkedCommentId(useLocation().hash);
  const present = id !== null && containsComment(threads, id);
  const chain = useQuery({
    queryKey: ['comments', 'linked', id],
    // The whole way up (the depth is at most 3), whatever the page has now: the threads may
    // be refetched or re-sorted before the insertion, which then still finds its place.
    queryFn: async () => {
      const out: Comment[] = [];
      let next: string | null = id;
      while (next !== null && out.length <= MAX_DEPTH) {
        const { comment } = await api.call('GET /api/comments/{id}', { params: { id: next } });
        out.unshift(comment);
        next = comment.post_id === postId ? comment.parent_id : null;
      }
      return out;
    },
    enabled: loaded && id !== null && !present,
    // A 404 (deleted for good) or 403 stays one: the page simply shows no extra comment.
    retry: false,
    staleTime: Infinity,
  });
  const data = chain.data;
  useEffect(() => {
    if (loaded && data && !present) cache.insertLinked(sort, data);
    // cache is a fresh object each render; the data decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, data, present, sort]);
  // Once ready for this comment in this sort, a refetch of the threads (a comment removed)
  // drops the inserted chain until the effect puts it back: no second scroll for that.
  const readyFor = useRef<string | null>(null);
  const key = `${id}|${sort}`;
  const ready =
    loaded &&
    (id === null ||
      present ||
      readyFor.current === key ||
      // Read but never inserted: a comment of another post (or a chain short of the top).
      chain.isError ||
      (chain.isSuccess && !placeable(data!, postId)));
  if (ready) readyFor.current = key;
  return ready;
}

/** Whether withLinkedChain places this chain (else waiting for it would never end). */
const placeable = (chain: Comment[], postId: string): boolean =>
  chain[0]?.parent_id === null && chain.every((c) => c.post_id === postId);
