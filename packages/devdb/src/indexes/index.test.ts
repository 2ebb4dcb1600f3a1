import { describe, expect, it } from 'vitest';
import { Collection } from '../engine/collection.js';
import { runQuery } from '../engine/executor.js';
import { compileFilter, querySpec } from '../engine/query.js';
import { compareValues } from '../engine/values.js';
import { filterBounds, FULL_RANGE, pointRange, type Interval } from './bounds.js';
import { Index, recordIdOf } from './index.js';
import { planQuery } from './planner.js';

/** Record ids of the keys in `interval` (all of them by default), forward or backward. */
function keysIn(idx: Index, backward = false, interval?: Interval): string[] {
  const within = interval ?? idx.fields.map(() => FULL_RANGE);
  if (backward)
    return [...idx.scanBackward(idx.tree, within, undefined)].map(([k]) => recordIdOf(k));
  const keys: unknown[][] = [];
  const n = idx.readRange(idx.tree, within, undefined, 1000, keys, []);
  return keys.slice(0, n).map(recordIdOf);
}

describe('Index', () => {
  it('fans out arrays and finds unique conflicts with other documents only', () => {
    const idx = new Index({ key: { tags: 1 }, name: 'tags_1', unique: true });
    idx.add('1', { tags: ['a', 'b', 'a'] });
    expect(idx.multikey).toBe(true);
    expect(idx.size).toBe(2);
    // Only the fields that held several values are multikey (MongoDB's multiKeyPaths).
    const compound = new Index({ key: { p: 1, at: -1 }, name: 'p_1_at_-1' });
    compound.add('1', { p: [1], at: 5 });
    expect(compound.multikeyFields).toEqual([false, false]);
    compound.add('2', { p: [1, 2], at: 5 });
    expect(compound.multikeyFields).toEqual([true, false]);
    expect(idx.conflict('1', { tags: ['a', 'b'] })).toBeUndefined();
    expect(idx.conflict('2', { tags: ['c', 'b'] })).toMatchObject({ values: ['b'] });
    // 1 and 1.0 are the same key in BSON order.
    const n = new Index({ key: { n: 1 }, name: 'n_1', unique: true });
    n.add('1', { n: 1 });
    expect(n.conflict('2', { n: 1.0 })).toMatchObject({ values: [1] });
  });

  it('keeps compound keys in order, each field in its direction', () => {
    const idx = new Index({ key: { a: 1, b: -1 }, name: 'a_1_b_-1' });
    idx.add('1', { a: 1, b: 1 });
    idx.add('2', { a: 1, b: 2 });
    idx.add('3', { a: 2, b: 2 });
    idx.add('4', { b: 5 });
    // Missing sorts as null, before numbers.
    expect(keysIn(idx)).toEqual(['4', '2', '1', '3']);
    expect(keysIn(idx, true)).toEqual(['3', '1', '2', '4']);
    expect(keysIn(idx, false, [pointRange(1), FULL_RANGE])).toEqual(['2', '1']);
    expect(keysIn(idx, true, [pointRange(1), FULL_RANGE])).toEqual(['1', '2']);
    idx.remove('2', { a: 1, b: 2 });
    expect(keysIn(idx)).toEqual(['4', '1', '3']);
  });
});

describe('filterBounds', () => {
  it('brackets ranges to the type of their value and flags what it cannot say', () => {
    const b = filterBounds({ n: { $gt: 5, $lte: 9 }, s: { $in: ['b', 'a', 'b'] } });
    expect(b.exact).toBe(true);
    expect(b.fields.get('s')).toEqual([{ points: ['a', 'b'] }]);
    const [n] = b.fields.get('n')!;
    expect(n).toMatchObject({ range: { lo: 5, loIn: false, hi: 9, hiIn: true } });
    expect(filterBounds({ n: { $gt: 1, $ne: 3 } }).exact).toBe(false);
    expect(filterBounds({ $or: [{ a: 1 }, { b: 1 }] }).exact).toBe(false);
    expect(filterBounds({ a: /x/ }).fields.size).toBe(0);
  });
});

describe('planQuery', () => {
  const index = (key: Record<string, number>, extra = {}): Index =>
    new Index({ key, name: Object.keys(key).join('_'), ...extra });

  it('prefers the index that bounds the query and supplies the sort, walking backwards for the reverse', () => {
    const byCommunity = index({ c: 1 });
    const byCommunityDate = index({ c: 1, at: -1, _id: -1 });
    const plan = planQuery([byCommunity, byCommunityDate], { c: 'x' }, [
      { field: 'at', dir: 1 },
      { field: '_id', dir: 1 },
    ]);
    expect(plan).toMatchObject({ kind: 'ixscan', index: byCommunityDate, backward: true });
    const merged = planQuery([byCommunityDate], { c: { $in: ['x', 'y'] } }, [
      { field: 'at', dir: -1 },
    ]);
    expect(merged).toMatchObject({ kind: 'ixscan', sortPositions: [1], backward: false });
    if (merged.kind === 'ixscan') expect(merged.intervals).toHaveLength(2);
  });

  it('falls back to a collection scan when no index covers every document or fits', () => {
    const sparse = index({ a: 1 }, { sparse: true });
    expect(planQuery([sparse], { a: 1 }, undefined)).toEqual({ kind: 'collscan' });
    expect(planQuery([index({ a: 1, b: 1 })], { b: 1 }, undefined)).toEqual({ kind: 'collscan' });
    expect(planQuery([index({ a: 1 })], { a: 1 }, [{ field: 'z', dir: 1 }])).toMatchObject({
      kind: 'ixscan',
      sortPositions: undefined,
    });
  });
});

describe('index counts and walks against a brute-force filter', () => {
  it('agree for random equality, $in and range filters in both directions', () => {
    const coll = new Collection('db', 'c', () => ({ append: () => {} }));
    let seed = 7;
    const rand = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 2000; i++) coll.insert({ _id: i, a: rand(5), b: rand(20), c: rand(3) });
    coll.insert({ _id: 'no-b', a: 1 });
    coll.insert({ _id: 'str-b', a: 1, b: 'x' });
    coll.createIndex({ key: { a: 1, b: -1 }, name: 'a_1_b_-1' });
    const ops = ['$gt', '$gte', '$lt', '$lte'];
    for (let t = 0; t < 200; t++) {
      const filter: Record<string, unknown> = {
        a: rand(2) ? rand(5) : { $in: [rand(5), rand(5)] },
      };
      const range: Record<string, number> = {};
      for (let r = rand(3); r > 0; r--) range[ops[rand(4)]!] = rand(22) - 1;
      if (Object.keys(range).length) filter.b = range;
      if (rand(4) === 0) filter.c = rand(3);
      const match = compileFilter(filter);
      const expected = [...coll.docs.values()].filter(match);
      const counted = runQuery(coll, querySpec(filter, { count: true }));
      expect(counted.n, JSON.stringify(filter)).toBe(expected.length);
      expect(counted.countScan).toBe(filter.c === undefined);
      const dir = rand(2) ? 1 : -1;
      // Sorted by b alone, the index supplies the order (merging the $in runs).
      const walked = runQuery(coll, querySpec(filter, { sort: { b: dir } }));
      expect(walked.plan).toMatchObject({ kind: 'ixscan', sortPositions: [1] });
      const ids = walked.docs.map((d) => d._id);
      const want = expected
        .sort((x, y) => compareValues(x.b, y.b) * dir || compareValues(x._id, y._id))
        .map((d) => d._id);
      expect(new Set(ids)).toEqual(new Set(want));
      expect(walked.docs.map((d) => d.b)).toEqual(expected.map((d) => d.b));
      // The same filter or'ed with another: each branch walked, merged, documents once.
      const either = { $or: [filter, { a: rand(5), b: { $gte: rand(20) } }] };
      const matchEither = compileFilter(either);
      const wantEither = [...coll.docs.values()]
        .filter(matchEither)
        .sort((x, y) => compareValues(x.b, y.b) * dir);
      const gotEither = runQuery(coll, querySpec(either, { sort: { b: dir } }));
      expect(gotEither.plan.kind).toBe('or');
      expect(gotEither.docs.map((d) => d.b)).toEqual(wantEither.map((d) => d.b));
      expect(new Set(gotEither.docs.map((d) => d._id)).size).toBe(wantEither.length);
    }
  }, 60_000);
});
