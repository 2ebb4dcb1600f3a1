import { describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { buildCommentTree } from './comment-tree.js';
import { compareComments } from './comment-list-query.js';

let t = 0;
const c = (parent: { _id: Types.ObjectId } | null, score = 0) => ({
  _id: new Types.ObjectId(),
  parent_id: parent?._id ?? null,
  score,
  best: score / 100,
  created_at: new Date(1_700_000_000_000 + ++t * 1000),
});

describe('buildCommentTree', () => {
  it('nests descendants under their parents, sorted per level', () => {
    const a = c(null);
    const b = c(null);
    const a1 = c(a, 1);
    const a2 = c(a, 5);
    const a2x = c(a2);
    const a2xy = c(a2x);
    const tree = buildCommentTree([a, b], [a2xy, a1, a2x, a2], compareComments('top'));
    expect(tree.map((n) => n._id)).toEqual([a._id, b._id]);
    expect(tree[0]!.replies.map((n) => n._id)).toEqual([a2._id, a1._id]);
    expect(tree[0]!.replies[0]!.replies[0]!._id).toEqual(a2x._id);
    expect(tree[0]!.replies[0]!.replies[0]!.replies[0]!._id).toEqual(a2xy._id);
    expect(tree[1]!.replies).toEqual([]);
  });

  it('drops descendants whose parent is not loaded', () => {
    const a = c(null);
    const stray = c(c(null));
    expect(buildCommentTree([a], [stray], compareComments('new'))[0]!.replies).toEqual([]);
  });

  it('skips the tops among the descendants (one query over whole threads returns them too)', () => {
    const a = c(null);
    const b = c(null);
    const a1 = c(a);
    const tree = buildCommentTree([a, b], [{ ...b }, a1, { ...a }], compareComments('best'));
    expect(tree.map((n) => n._id)).toEqual([a._id, b._id]);
    expect(tree[0]!.replies.map((n) => n._id)).toEqual([a1._id]);
    expect(tree[1]!.replies).toEqual([]);
  });

  it('breaks ties by id, newest first (oldest first for old), as the indexes do', () => {
    const a = c(null);
    const [r1, r2, r3] = [c(a), c(a), c(a)].map((r) => ({ ...r, created_at: a.created_at }));
    const best = buildCommentTree([a], [r2!, r1!, r3!], compareComments('best'));
    expect(best[0]!.replies.map((n) => n._id)).toEqual([r3!._id, r2!._id, r1!._id]);
    const old = buildCommentTree([{ ...a }], [r2!, r3!, r1!], compareComments('old'));
    expect(old[0]!.replies.map((n) => n._id)).toEqual([r1!._id, r2!._id, r3!._id]);
  });

  it('orders old ascending and new descending by time', () => {
    const a = c(null);
    const r1 = c(a);
    const r2 = c(a);
    const old = buildCommentTree([a], [r2, r1], compareComments('old'));
    expect(old[0]!.replies.map((n) => n._id)).toEqual([r1._id, r2._id]);
    const recent = buildCommentTree([a], [r1, r2], compareComments('new'));
    expect(recent[0]!.replies.map((n) => n._id)).toEqual([r2._id, r1._id]);
  });
});
