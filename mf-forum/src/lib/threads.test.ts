import { describe, expect, it } from 'vitest';
import type { CommentThread } from '@forum/contracts';
import {
  isAddedHere,
  missingReplies,
  repliesOffset,
  withMoreReplies,
  type AddedReply,
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
