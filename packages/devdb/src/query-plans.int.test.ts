import type mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, raw, type TestDb } from './testing/harness.js';

/**
 * Index use as MongoDB does it, asserted through explain: the same expectations hold on a
 * real MongoDB (MONGO_URL), whose plans may nest differently (SBE's `queryPlan`, SORT_MERGE
 * for $in runs, an aggregate's `$cursor` stage), hence the tree-walking helpers.
 */
type Doc = Record<string, unknown>;

let db: TestDb;
const N = 10_000;
const BASE = Date.UTC(2026, 0, 1);
const at = (i: number): Date => new Date(BASE + i * 1000);
const posts = (): mongoose.mongo.Collection<Doc> => raw(db, 'posts') as never;

beforeAll(async () => {
  db = await openTestDb();
  await posts().insertMany(
    Array.from({ length: N }, (_, i) => ({
      _id: i as never,
      community: `c${i % 10}`,
      at: at(i),
      score: i % 100,
      removed: i % 7 === 0,
      plain: `p${i}`,
    })),
  );
  await posts().createIndex({ at: 1 });
  await posts().createIndex({ community: 1, at: -1 });
  await posts().createIndex({ community: 1, removed: 1, score: -1, _id: -1 });
});
afterAll(async () => {
  await db.close();
});

/** Every `stage` named anywhere in an explain document. */
function stages(explain: unknown, out: Doc[] = []): Doc[] {
  if (Array.isArray(explain)) for (const e of explain) stages(e, out);
  else if (explain && typeof explain === 'object') {
    const d = explain as Doc;
    if (typeof d.stage === 'string') out.push(d);
    for (const [k, v] of Object.entries(d)) if (k !== 'command') stages(v, out);
  }
  return out;
}

/** The first `executionStats`-like object: where totalKeysExamined is. */
function execStats(explain: unknown): Doc {
  const found: Doc[] = [];
  const visit = (v: unknown): void => {
    if (!v || typeof v !== 'object' || found.length) return;
    const d = v as Doc;
    if ('totalKeysExamined' in d) found.push(d);
    else for (const x of Object.values(d)) visit(x);
  };
  visit(explain);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const names = (explain: unknown): string[] => stages(explain).map((s) => String(s.stage));
/** The indexes a plan uses (the winning plan and the execution stages both name them). */
const indexNames = (explain: unknown): string[] => [
  ...new Set(
    stages(explain)
      .filter((s) => typeof s.indexName === 'string')
      .map((s) => String(s.indexName)),
  ),
];

const explainFind = (
  filter: Doc,
  opts: mongoose.mongo.FindOptions = {},
): Promise<mongoose.mongo.Document> => posts().find(filter, opts).explain('executionStats');

const ids = async (filter: Doc, opts: mongoose.mongo.FindOptions = {}): Promise<number[]> =>
  (await posts().find(filter, opts).toArray()).map((d) => d._id as unknown as number);

describe('ordered index walks', () => {
  it('walks an index in both directions and stops after the limit', async () => {
    expect(await ids({}, { sort: { at: 1 }, limit: 5 })).toEqual([0, 1, 2, 3, 4]);
    expect(await ids({}, { sort: { at: -1 }, limit: 5 })).toEqual([9999, 9998, 9997, 9996, 9995]);
    const ex = await explainFind({}, { sort: { at: -1 }, limit: 10 });
    expect(names(ex)).toContain('IXSCAN');
    expect(names(ex)).not.toContain('SORT');
    expect(indexNames(ex)).toEqual(['at_1']);
    expect(stages(ex).find((s) => s.stage === 'IXSCAN')!.direction).toBe('backward');
    const stats = execStats(ex);
    expect(stats.nReturned).toBe(10);
    expect(stats.totalKeysExamined).toBeLessThanOrEqual(11);
    expect(stats.totalDocsExamined).toBeLessThanOrEqual(11);
  });

  it('uses a compound prefix for equality + sort, forwards and backwards', async () => {
    expect(await ids({ community: 'c3' }, { sort: { at: -1 }, limit: 3 })).toEqual([
      9993, 9983, 9973,
    ]);
    expect(await ids({ community: 'c3' }, { sort: { at: 1 }, limit: 3 })).toEqual([3, 13, 23]);
    for (const dir of [1, -1] as const) {
      const ex = await explainFind({ community: 'c3' }, { sort: { at: dir }, limit: 10 });
      expect(indexNames(ex)).toEqual(['community_1_at_-1']);
      expect(names(ex)).not.toContain('SORT');
      expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(11);
    }
    // Sorting on both fields, both reversed, is the same index walked backwards.
    const both = await explainFind({}, { sort: { community: -1, at: 1 }, limit: 2 });
    expect(names(both)).not.toContain('SORT');
    expect(await ids({}, { sort: { community: -1, at: 1 }, limit: 2 })).toEqual([9, 19]);
  });

  it('answers equality + range + sort with skip and limit from the index', async () => {
    const filter = { community: 'c3', at: { $lt: at(5003) } };
    expect(await ids(filter, { sort: { at: -1 }, limit: 3 })).toEqual([4993, 4983, 4973]);
    expect(await ids(filter, { sort: { at: -1 }, skip: 20, limit: 2 })).toEqual([4793, 4783]);
    const ex = await explainFind(filter, { sort: { at: -1 }, skip: 20, limit: 2 });
    expect(names(ex)).not.toContain('SORT');
    expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(23);
    // A range closed at both ends.
    const closed = { community: 'c3', at: { $gte: at(1003), $lt: at(1100) } };
    expect(await ids(closed, { sort: { at: 1 } })).toEqual(
      Array.from({ length: 10 }, (_, i) => 1003 + i * 10),
    );
    expect(execStats(await explainFind(closed)).totalKeysExamined).toBeLessThanOrEqual(11);
    // Other fields of the filter are checked on the fetched documents.
    expect(await ids({ ...filter, removed: true }, { sort: { at: -1 }, limit: 2 })).toEqual([
      4963, 4893,
    ]);
  });

  it('skips on the keys when they alone decide a match: a deep page fetches only its page', async () => {
    // c3's documents are 3, 13, ... 9993; newest first, the 501st is 4993.
    const deep = { sort: { at: -1 }, skip: 500, limit: 20 } as const;
    expect(await ids({ community: 'c3' }, deep)).toEqual(
      Array.from({ length: 20 }, (_, i) => 4993 - i * 10),
    );
    const ex = await explainFind({ community: 'c3' }, deep);
    expect(names(ex)).not.toContain('SORT');
    expect(execStats(ex)).toMatchObject({ nReturned: 20 });
    expect(execStats(ex).totalKeysExamined).toBeGreaterThanOrEqual(520);
    expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(521);
    expect(execStats(ex).totalDocsExamined).toBeLessThanOrEqual(21);
    // The services' shape: equalities and $in over `removed`, two runs merged in sort order.
    const mod = { community: 'c4', removed: { $in: [false, true] } };
    const page = { sort: { score: -1, _id: -1 }, skip: 300, limit: 5 } as const;
    const c4 = Array.from({ length: N }, (_, i) => i).filter((i) => i % 10 === 4);
    const want = c4.sort((a, b) => (b % 100) - (a % 100) || b - a).slice(300, 305);
    expect(await ids(mod, page)).toEqual(want);
    const exMod = await explainFind(mod, page);
    expect(names(exMod)).not.toContain('SORT');
    expect(execStats(exMod).totalDocsExamined).toBeLessThanOrEqual(6);
    // A filter the keys cannot decide tests every document it skips.
    const residual = { community: 'c3', plain: { $ne: 'p3' } };
    expect(await ids(residual, deep)).toEqual(Array.from({ length: 20 }, (_, i) => 4993 - i * 10));
    expect(execStats(await explainFind(residual, deep)).totalDocsExamined).toBeGreaterThanOrEqual(
      520,
    );
  });

  it('passes over a deep skip on the keys in either direction, and past the end', async () => {
    // 10,000 keys of {at: 1}: ascending walks it forwards, descending backwards; a skip of 9,000
    // is more than one stretch of the dev DB's pass over the keys.
    const all = { at: { $gte: at(0) } };
    expect(await ids(all, { sort: { at: 1 }, skip: 9000, limit: 3 })).toEqual([9000, 9001, 9002]);
    expect(await ids(all, { sort: { at: -1 }, skip: 9000, limit: 3 })).toEqual([999, 998, 997]);
    const ex = await explainFind(all, { sort: { at: -1 }, skip: 9000, limit: 3 });
    expect(names(ex)).not.toContain('SORT');
    expect(execStats(ex)).toMatchObject({ nReturned: 3 });
    expect(execStats(ex).totalKeysExamined).toBeGreaterThanOrEqual(9003);
    expect(execStats(ex).totalDocsExamined).toBeLessThanOrEqual(4);
    // {community: 1, at: -1} walked backwards for c3 oldest first (3, 13, ... 9993).
    expect(await ids({ community: 'c3' }, { sort: { at: 1 }, skip: 500, limit: 2 })).toEqual([
      5003, 5013,
    ]);
    // A skip that ends on the last key, or past it.
    expect(await ids({ community: 'c3' }, { sort: { at: -1 }, skip: 999, limit: 5 })).toEqual([3]);
    expect(await ids({ community: 'c3' }, { sort: { at: -1 }, skip: 1000, limit: 5 })).toEqual([]);
    expect(await ids({ community: 'c3' }, { sort: { at: 1 }, skip: 1000 })).toEqual([]);
  });

  it('merges $in runs in sort order and answers $in without a sort', async () => {
    const filter = { community: { $in: ['c2', 'c1'] } };
    expect(await ids(filter, { sort: { at: -1 }, limit: 4 })).toEqual([9992, 9991, 9982, 9981]);
    const ex = await explainFind(filter, { sort: { at: -1 }, limit: 4 });
    expect(names(ex)).not.toContain('SORT');
    expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(8);
    expect(await posts().countDocuments(filter)).toBe(2000);
    const byId = await ids({ _id: { $in: [5, 3, 99_999] } } as Doc, { sort: { _id: 1 } });
    expect(byId).toEqual([3, 5]);
    const exId = await explainFind({ _id: { $in: [5, 3, 99_999] } });
    expect(execStats(exId).totalDocsExamined).toBe(2);
    // The services' list shape: $in over `removed` and the sort merged from two runs.
    const mod = { community: 'c4', removed: { $in: [false, true] } };
    expect(await ids(mod, { sort: { score: -1, _id: -1 }, limit: 3 })).toEqual([9994, 9894, 9794]);
    const exMod = await explainFind(mod, { sort: { score: -1, _id: -1 }, limit: 3 });
    expect(names(exMod)).not.toContain('SORT');
    expect(execStats(exMod).totalKeysExamined).toBeLessThanOrEqual(6);
  });

  it('walks each $or branch on its index, merged in sort order, each document once', async () => {
    // A moderator's list: everybody's visible posts plus the removed ones of their communities.
    const filter = {
      $or: [
        { community: { $in: ['c1', 'c2'] }, removed: false },
        { community: { $in: ['c2'] }, removed: true },
        // Overlaps both branches above: its documents come once.
        { community: 'c2', removed: { $in: [false, true] } },
      ],
    };
    const all = Array.from({ length: N }, (_, i) => i).filter((i) => {
      const c = i % 10;
      return c === 2 || (c === 1 && i % 7 !== 0);
    });
    const want = all.sort((a, b) => (b % 100) - (a % 100) || b - a).slice(0, 5);
    expect(await ids(filter, { sort: { score: -1, _id: -1 }, limit: 5 })).toEqual(want);
    expect(await posts().countDocuments(filter)).toBe(all.length);
    const ex = await explainFind(filter, { sort: { score: -1, _id: -1 }, limit: 5 });
    expect(names(ex)).not.toContain('SORT');
    expect(names(ex)).not.toContain('COLLSCAN');
    expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(40);
  });

  it('counts index ranges without touching documents', async () => {
    const filter = { community: 'c3', at: { $gte: at(1003), $lt: at(2003) } };
    expect(await posts().countDocuments(filter)).toBe(100);
    expect(await posts().countDocuments({ community: 'c3' })).toBe(1000);
    expect(await posts().countDocuments({})).toBe(N);
    expect(await posts().countDocuments({}, { skip: N - 10, limit: 50 })).toBe(10);
    expect(await posts().countDocuments({ community: 'c3' }, { skip: 990, limit: 50 })).toBe(10);
    const ex = await db.conn.db!.command({
      explain: { count: 'posts', query: filter },
      verbosity: 'executionStats',
    });
    expect(names(ex)).toContain('COUNT_SCAN');
    expect(execStats(ex).totalDocsExamined).toBe(0);
    const agg = await posts()
      .aggregate([{ $match: { community: 'c3' } }, { $group: { _id: 1, n: { $sum: 1 } } }])
      .explain('executionStats');
    expect(execStats(agg).totalDocsExamined).toBe(0);
  });

  it('falls back to a collection scan (and an in-memory sort) when no index fits', async () => {
    const ex = await explainFind({ plain: 'p42' });
    expect(names(ex)).toContain('COLLSCAN');
    expect(names(ex)).not.toContain('IXSCAN');
    expect(execStats(ex)).toMatchObject({ nReturned: 1, totalDocsExamined: N });
    expect(await ids({ score: 7 }, { sort: { plain: -1 }, limit: 2 })).toEqual([9907, 9807]);
    expect(names(await explainFind({ score: 7 }, { sort: { plain: -1 }, limit: 2 }))).toContain(
      'SORT',
    );
    // $natural asks for a collection scan in (reverse) insertion order, index or not.
    const natural = { sort: { $natural: -1 }, limit: 2 } as const;
    expect(await ids({ community: 'c3' }, natural)).toEqual([9993, 9983]);
    expect(names(await explainFind({ community: 'c3' }, natural))).toContain('COLLSCAN');
  });
  it('keeps equal keys in insertion order (record id), not in _id order', async () => {
    // An outbox sorted by created_at relies on it: events of one millisecond stay in order.
    const outbox = raw(db, 'ties') as unknown as mongoose.mongo.Collection<Doc>;
    await outbox.createIndex({ created_at: 1 });
    const same = new Date(BASE);
    const ids = ['m', 'z', 'a', 'q', 'b'];
    for (const _id of ids) await outbox.insertOne({ _id: _id as never, created_at: same });
    await outbox.updateOne({ _id: 'z' as never }, { $set: { attempts: 1 } });
    const found = await outbox.find({}).sort({ created_at: 1 }).toArray();
    expect(found.map((d) => d._id)).toEqual(ids);
    const explained = (await outbox
      .find({})
      .sort({ created_at: 1 })
      .explain('executionStats')) as unknown as Doc;
    expect(JSON.stringify(explained)).toContain('IXSCAN');
  });
});

describe('multikey, sparse and partial indexes', () => {
  const tagged = (): mongoose.mongo.Collection<Doc> => raw(db, 'tagged') as never;
  beforeAll(async () => {
    await tagged().insertMany([
      { _id: 1 as never, tags: ['b', 'a', 'b'], opt: 3, n: 1 },
      { _id: 2 as never, tags: ['c'], n: 2, hidden: true },
      { _id: 3 as never, tags: [], opt: 1, n: 3 },
      { _id: 4 as never, n: 4, hidden: true },
    ]);
    await tagged().createIndex({ tags: 1 });
    await tagged().createIndex({ opt: 1 }, { sparse: true });
    await tagged().createIndex({ n: 1 }, { partialFilterExpression: { hidden: true } });
  });

  it('returns each document once through a multikey index', async () => {
    const found = await tagged()
      .find({ tags: { $in: ['a', 'b'] } })
      .toArray();
    expect(found.map((d) => d._id)).toEqual([1]);
    expect(await tagged().countDocuments({ tags: { $in: ['a', 'b', 'c'] } })).toBe(2);
    const ex = await tagged().find({ tags: 'b' }).explain('executionStats');
    const ixscan = stages(ex).find((s) => s.stage === 'IXSCAN');
    expect(ixscan).toMatchObject({ indexName: 'tags_1', isMultiKey: true });
    expect(execStats(ex).nReturned).toBe(1);
    // Arrays sort by their smallest element ascending, their largest descending.
    const asc = await tagged()
      .find({}, { sort: { tags: 1, _id: 1 } })
      .toArray();
    expect(asc.map((d) => d._id)).toEqual([3, 4, 1, 2]);
  });

  it('does not answer from a sparse or partial index what it does not hold', async () => {
    const sorted = await tagged()
      .find({}, { sort: { opt: 1 } })
      .toArray();
    expect(sorted.map((d) => d._id)).toEqual([2, 4, 3, 1]);
    const ex = await tagged()
      .find({}, { sort: { opt: 1 } })
      .explain('executionStats');
    expect(indexNames(ex)).not.toContain('opt_1');
    const small = await tagged()
      .find({ n: { $lte: 2 } })
      .toArray();
    expect(small.map((d) => d._id).sort()).toEqual([1, 2]);
    const exPartial = await tagged()
      .find({ n: { $lte: 2 } })
      .explain('executionStats');
    expect(indexNames(exPartial)).not.toContain('n_1');
  });
});

describe('issue 17: multikey sorts and $or counts', () => {
  const listed = (): mongoose.mongo.Collection<Doc> => raw(db, 'listed') as never;
  beforeAll(async () => {
    // Each document is in two of six lists (`p` is the only array field).
    await listed().createIndex({ p: 1, at: -1, _id: -1 });
    await listed().insertMany(
      Array.from({ length: 300 }, (_, i) => ({ _id: i as never, p: [i % 6, (i + 1) % 6], at: i })),
    );
  });

  it('walks a multikey index in order when only the pinned field is an array', async () => {
    const cursor = (): mongoose.mongo.FindCursor<Doc> =>
      listed().find({ p: 0 }).sort({ at: -1, _id: -1 }).limit(5);
    expect((await cursor().toArray()).map((d) => d._id)).toEqual([299, 294, 293, 288, 287]);
    const ex = await cursor().explain('executionStats');
    expect(names(ex)).not.toContain('SORT');
    expect(stages(ex).find((s) => s.stage === 'IXSCAN')).toMatchObject({ isMultiKey: true });
    expect(execStats(ex).totalDocsExamined).toBeLessThanOrEqual(6);
    // Each document once, deep pages too (documents 0..299 with 0 in p: i % 6 is 0 or 5).
    const all = await listed().find({ p: 0 }).sort({ at: -1, _id: -1 }).toArray();
    const expected = Array.from({ length: 300 }, (_, i) => i).filter(
      (i) => i % 6 === 0 || i % 6 === 5,
    );
    expect(all.map((d) => d._id)).toEqual(expected.reverse());
    // Two values of the array field are two runs a document can be in twice: sorted, each once.
    const two = await listed()
      .find({ p: { $in: [0, 1] } })
      .sort({ at: -1, _id: -1 })
      .limit(4)
      .toArray();
    expect(two.map((d) => d._id)).toEqual([299, 295, 294, 293]);
    // Sorting on the array field itself is not the walk's order: arrays sort by their smallest element.
    const byP = await listed()
      .find({ at: { $gte: 294 } })
      .sort({ p: 1, _id: 1 })
      .toArray();
    expect(byP.map((d) => d._id)).toEqual([294, 299, 295, 296, 297, 298]);
  });

  it('counts a covered $or from its branches’ keys, each document once', async () => {
    // The branches overlap (c1's removed posts match both); each has an index that answers it.
    const filter = {
      $or: [{ community: 'c1' }, { community: { $in: ['c1', 'c2'] }, removed: true }],
    };
    const range = Array.from({ length: N }, (_, i) => i);
    const c1 = range.filter((i) => i % 10 === 1).length;
    const removed12 = range.filter((i) => (i % 10 === 1 || i % 10 === 2) && i % 7 === 0).length;
    const c2Removed = range.filter((i) => i % 10 === 2 && i % 7 === 0).length;
    expect(await posts().countDocuments(filter)).toBe(c1 + c2Removed);
    const ex = await db.conn.db!.command({
      explain: { count: 'posts', query: filter },
      verbosity: 'executionStats',
    });
    expect(names(ex)).not.toContain('COLLSCAN');
    expect(names(ex)).not.toContain('FETCH');
    expect(execStats(ex).totalDocsExamined).toBe(0);
    expect(execStats(ex).totalKeysExamined).toBeLessThanOrEqual(c1 + removed12 + 2);
  });
});
