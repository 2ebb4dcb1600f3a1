import { describe, expect, it } from 'vitest';
import type { Comment, CommentThread } from '@forum/contracts';
import {
  containsComment,
  isAddedHere,
  missingReplies,
  repliesOffset,
  threadsOf,
  withLinkedChain,
  withMoreReplies,
  type AddedReply,
  type ThreadPages,
} from './threads';

const node = (id: string, reply_count = 0, replies: CommentThread[] = []): CommentThread =>
  ({ id, reply_count, replies }) as unknown as CommentThread;

describe('more replies', () => {
  it('counts what the page left out', () => {
    expect(missingReplies(node('a', 5, [node('b'), node('c')]))).toBe(3);
    // A count behind what is shown (a reply deleted meanwhile) never goes below zero.
    expect(missingReplies(node('a', 0, [node('b')]))).toBe(0);
  });

  it('continues after the server’s replies, not the reader’s own', () => {
    const mine: AddedReply = { ...node('mine'), addedHere: true };
    const parent = node('a', 6, [node('b'), node('c'), mine]);
    expect(isAddedHere(mine)).toBe(true);
    expect(repliesOffset(parent)).toBe(2);
  });

  it('appends the next replies deep in the tree, once each, with the route’s total', () => {
    const mine: AddedReply = { ...node('mine'), addedHere: true };
    const other = node('x', 0);
    const threads = [other, node('top', 1, [node('a', 4, [node('b'), mine])])];
    const next = withMoreReplies(threads, 'a', [node('mine'), node('c'), node('d')], 4);
    const a = next[1]!.replies[0]!;
    expect(a.replies.map((r) => r.id)).toEqual(['b', 'mine', 'c', 'd']);
    expect(a.reply_count).toBe(4);
    expect(missingReplies(a)).toBe(0);
    // Untouched branches keep their identity (React skips them).
    expect(next[0]).toBe(other);
    expect(withMoreReplies(threads, 'nowhere', [node('c')], 1)).toBe(threads);
  });
});

describe('a linked comment the page did not carry', () => {
  const comment = (id: string, parent_id: string | null, reply_count = 0, post_id = 'p') =>
    ({ id, parent_id, post_id, reply_count }) as unknown as Comment;
  const pages = (...lists: CommentThread[][]): ThreadPages => ({
    pages: lists.map((comments) => ({
      comments,
      pagination: { total: 0, limit: 50, offset: 0, hasMore: false },
    })) as unknown as ThreadPages['pages'],
    pageParams: lists.map((_, i) => i * 50),
  });
  const ids = (list: CommentThread[]) => list.map((c) => c.id);

  it('goes after its parent’s loaded replies, marked, counted once, skipped by the offset', () => {
    const data = pages([node('top', 15, [node('r1'), node('r2')])]);
    const next = withLinkedChain(data, 'p', [comment('top', null, 15), comment('r15', 'top')]);
    const top = threadsOf(next)[0]!;
    expect(ids(top.replies)).toEqual(['r1', 'r2', 'r15']);
    expect(isAddedHere(top.replies[2]!)).toBe(true);
    expect(repliesOffset(top)).toBe(2);
    expect(missingReplies(top)).toBe(12);
    // "N more replies" brings it again: shown once, where it was put.
    const more = withMoreReplies(next.pages[0]!.comments, 'top', [node('r3'), node('r15')], 15);
    expect(ids(more[0]!.replies)).toEqual(['r1', 'r2', 'r15', 'r3']);
  });

  it('brings the ancestors the page lacks, each under the next, with their own counts', () => {
    const data = pages([node('top', 12, [node('r1', 0)])]);
    const chain = [
      comment('top', null, 12),
      comment('a', 'top', 6),
      comment('b', 'a', 4),
      comment('c', 'b'),
    ];
    const next = withLinkedChain(data, 'p', chain);
    const a = threadsOf(next)[0]!.replies[1]!;
    expect(a.id).toBe('a');
    expect(ids(a.replies)).toEqual(['b']);
    expect(ids(a.replies[0]!.replies)).toEqual(['c']);
    expect([a, a.replies[0]!, a.replies[0]!.replies[0]!].every(isAddedHere)).toBe(true);
    // a's replies load from its first (b, put here, is not one the server gave).
    expect(repliesOffset(a)).toBe(0);
    expect(missingReplies(a)).toBe(5);
    expect(containsComment(threadsOf(next), 'c')).toBe(true);
  });

  it('puts a missing top-level comment first; the next page’s copy is dropped', () => {
    const data = pages([node('t1'), node('t2')]);
    const next = withLinkedChain(data, 'p', [comment('old', null, 3)]);
    expect(ids(threadsOf(next))).toEqual(['old', 't1', 't2']);
    expect(isAddedHere(threadsOf(next)[0]!)).toBe(true);
    const later = { ...next, pages: [...next.pages, ...pages([node('old', 3), node('t3')]).pages] };
    expect(ids(threadsOf(later))).toEqual(['old', 't1', 't2', 't3']);
  });

  it('changes nothing when the comment is there, from another post, or has no place', () => {
    const data = pages([node('top', 1, [node('r1')])]);
    expect(withLinkedChain(data, 'p', [comment('top', null, 1), comment('r1', 'top')])).toBe(data);
    expect(withLinkedChain(data, 'p', [comment('x', null, 0, 'other')])).toBe(data);
    // An ancestor that could not be read leaves a chain that starts below the top level.
    expect(withLinkedChain(data, 'p', [comment('a', 'gone'), comment('b', 'a')])).toBe(data);
    expect(withLinkedChain(data, 'p', [])).toBe(data);
  });
});
