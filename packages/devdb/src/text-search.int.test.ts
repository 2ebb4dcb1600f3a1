import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from './server.js';
import { openTestDb, raw, usingDevDb, type TestDb } from './testing/harness.js';

// Conformance: every assertion holds on MongoDB 7 too (MONGO_URL), except where guarded.
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

type Post = { _id: number; title: string; content: string; [k: string]: unknown };

/** A fresh collection with the services' text index and `docs` in it. */
async function posts(name: string, docs: Post[]): Promise<mongoose.mongo.Collection<Post>> {
  const c = raw(db, name) as unknown as mongoose.mongo.Collection<Post>;
  await c.createIndex(
    { title: 'text', content: 'text' },
    { weights: { title: 3, content: 1 }, name: 'search', default_language: 'english' },
  );
  if (docs.length) await c.insertMany(docs);
  return c;
}

const ids = async (cursor: mongoose.mongo.FindCursor<Post>): Promise<number[]> =>
  (await cursor.toArray()).map((d) => d._id);
const sortedIds = async (cursor: mongoose.mongo.FindCursor<Post>): Promise<number[]> =>
  (await ids(cursor)).sort((a, b) => a - b);
const text = (search: string) => ({ $text: { $search: search } });
const textScore = { $meta: 'textScore' } as const;
const byScore = { score: textScore };

describe('text indexes', () => {
  it('are listed the way MongoDB stores them', async () => {
    const c = await posts('listed', []);
    const index = (await c.listIndexes().toArray()).find((i) => i.name === 'search');
    expect(index).toEqual({
      v: 2,
      key: { _fts: 'text', _ftsx: 1 },
      name: 'search',
      weights: { content: 1, title: 3 },
      default_language: 'english',
      language_override: 'language',
      textIndexVersion: 3,
    });
  });

  it('allow one text index per collection (an identical one is a no-op)', async () => {
    const c = await posts('one_index', []);
    await c.createIndex(
      { title: 'text', content: 'text' },
      { weights: { title: 3, content: 1 }, name: 'search', default_language: 'english' },
    );
    const err = await c.createIndex({ body: 'text' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 85, codeName: 'IndexOptionsConflict' });
    expect((err as Error).message).toContain(
      'An equivalent index already exists with a different name and options.',
    );
  });

  it('survive a second mongoose syncIndexes without being dropped and re-created', async () => {
    const schema = new mongoose.Schema({ title: String, content: String });
    schema.index({ title: 'text', content: 'text' }, { weights: { title: 3 }, name: 'search' });
    const Model = db.conn.model('Synced', schema, 'synced');
    expect(await Model.syncIndexes()).toEqual([]);
    expect(await Model.diffIndexes()).toEqual({ toDrop: [], toCreate: [] });
    expect(await Model.syncIndexes()).toEqual([]);
    const names = (await Model.listIndexes()).map((i: { name: string }) => i.name);
    expect(names).toEqual(['_id_', 'search']);
    await Model.create({ title: 'Mongoose sync', content: 'works' });
    expect(await Model.countDocuments({ $text: { $search: 'sync' } })).toBe(1);
  });

  it('are required by $text', async () => {
    const c = raw(db, 'no_text_index');
    await c.insertOne({ title: 'x' });
    await expect(c.find(text('x')).toArray()).rejects.toMatchObject({
      code: 27,
      message: expect.stringContaining('text index required for $text query'),
    });
  });
});

describe('$search', () => {
  let c: mongoose.mongo.Collection<Post>;
  beforeAll(async () => {
    c = await posts('search', [
      { _id: 1, title: 'Running shoes', content: 'I run every day. Running is fun.' },
      { _id: 2, title: 'Run', content: 'Runs daily' },
      { _id: 3, title: 'Cooking', content: 'A recipe for a Café au lait' },
      { _id: 4, title: 'CAFE culture', content: 'coffee and e-mail' },
      { _id: 5, title: 'State of the art', content: 'the state of the art in cooking' },
      { _id: 6, title: 'Nothing', content: 'the and of' },
    ]);
  });

  it('ORs the terms', async () => {
    expect(await sortedIds(c.find(text('shoes recipe')))).toEqual([1, 3]);
  });

  it('stems English words', async () => {
    expect(await sortedIds(c.find(text('running')))).toEqual([1, 2]);
    expect(await sortedIds(c.find(text('runs')))).toEqual([1, 2]);
    expect(await sortedIds(c.find(text('cooked')))).toEqual([3, 5]);
  });

  it('ignores stop words (a query of stop words only finds nothing)', async () => {
    expect(await sortedIds(c.find(text('the and of')))).toEqual([]);
    expect(await sortedIds(c.find(text('the shoes')))).toEqual([1]);
  });

  it('folds case and diacritics', async () => {
    expect(await sortedIds(c.find(text('cafe')))).toEqual([3, 4]);
    expect(await sortedIds(c.find(text('CAFÉ')))).toEqual([3, 4]);
  });

  it('requires every quoted phrase, case- and diacritic-insensitively', async () => {
    expect(await sortedIds(c.find(text('"state of the art"')))).toEqual([5]);
    expect(await sortedIds(c.find(text('"café AU lait"')))).toEqual([3]);
    expect(await sortedIds(c.find(text('cafe "au lait"')))).toEqual([3]);
    expect(await sortedIds(c.find(text('"in cooking" "state of"')))).toEqual([5]);
    expect(await sortedIds(c.find(text('"in cooking" "not there"')))).toEqual([]);
  });

  it('excludes negated terms and phrases', async () => {
    expect(await sortedIds(c.find(text('run -shoes')))).toEqual([2]);
    expect(await sortedIds(c.find(text('cafe -"au lait"')))).toEqual([4]);
    // A hyphen inside a word is not a negation; both halves are terms.
    expect(await sortedIds(c.find(text('e-mail')))).toEqual([4]);
    // Only negations: nothing to look for.
    expect(await sortedIds(c.find(text('-shoes')))).toEqual([]);
  });

  it('scores as MongoDB does and sorts by score', async () => {
    const found = await c
      .find(text('run'), { projection: { score: textScore, title: 1 } })
      .sort(byScore)
      .toArray();
    expect(found.map((d) => d._id)).toEqual([2, 1]);
    // Doc 2: title 'Run' is the whole field (x1.1), one token: 3 * 1 * 1 * 1.1; content
    // 'Runs daily': 1 * 1 * (0.5 * 1/2 + 0.5). Doc 1: title 3 * 1 * 0.75; content has
    // run twice among 5 non-stop tokens: 1 * (1 + 1/2) * (0.5 * 2/5 + 0.5).
    expect(found[0]!.score).toBeCloseTo(3 * 1.1 + 0.75, 12);
    expect(found[1]!.score).toBeCloseTo(3 * 0.75 + 1.5 * 0.7, 12);
    expect(Object.keys(found[0]!)).toEqual(['_id', 'title', 'score']);
  });

  it('lets weights decide the order', async () => {
    const w = raw(db, 'weights');
    await w.createIndex({ title: 'text', content: 'text' }, { weights: { content: 5 } });
    await w.insertMany([
      { _id: 1, title: 'bicycle', content: 'other words here' },
      { _id: 2, title: 'other words here', content: 'bicycle' },
    ] as never[]);
    const order = await w.find(text('bicycle')).sort(byScore).toArray();
    expect(order.map((d) => d._id)).toEqual([2, 1]);
  });

  it('sorts by score then _id, with skip and limit', async () => {
    const s = await posts('paged', [
      { _id: 1, title: 'x', content: 'apple pie' },
      { _id: 2, title: 'x', content: 'apple pie' },
      { _id: 3, title: 'apple', content: 'apple' },
      { _id: 4, title: 'x', content: 'apple pie' },
      { _id: 5, title: 'x', content: 'pear' },
    ]);
    const page = (skip: number, limit: number) =>
      ids(
        s
          .find(text('apple'))
          .sort({ ...byScore, _id: -1 })
          .skip(skip)
          .limit(limit),
      );
    expect(await page(0, 2)).toEqual([3, 4]);
    expect(await page(2, 2)).toEqual([2, 1]);
    expect(await page(4, 2)).toEqual([]);
  });

  it('combines with other predicates, in find, countDocuments and aggregate', async () => {
    const f = await posts('filtered', [
      {
        _id: 1,
        title: 'garden',
        content: 'tomatoes',
        community_id: 1,
        removed: false,
        search_terms: ['a', 'b'],
      },
      {
        _id: 2,
        title: 'garden',
        content: 'tomatoes',
        community_id: 2,
        removed: false,
        search_terms: ['a', 'b'],
      },
      {
        _id: 3,
        title: 'garden',
        content: 'tomatoes',
        community_id: 1,
        removed: true,
        search_terms: ['a', 'b'],
      },
      {
        _id: 4,
        title: 'garden',
        content: 'tomatoes',
        community_id: 1,
        removed: false,
        search_terms: ['a'],
      },
      {
        _id: 5,
        title: 'kitchen',
        content: 'knives',
        community_id: 1,
        removed: false,
        search_terms: ['a', 'b'],
      },
    ]);
    const filter = {
      ...text('gardening tomato'),
      community_id: 1,
      removed: false,
      search_terms: { $all: ['a', 'b'] },
    };
    expect(await sortedIds(f.find(filter))).toEqual([1]);
    expect(await f.countDocuments(filter)).toBe(1);
    expect(await f.countDocuments(text('garden'))).toBe(4);
    expect(await f.countDocuments({ $and: [text('garden'), { community_id: 1 }] })).toBe(3);
    expect((await f.distinct('community_id', text('garden'))).sort()).toEqual([1, 2]);
    const agg = await f
      .aggregate([
        { $match: { ...text('garden'), removed: false } },
        { $sort: { score: textScore, _id: 1 } },
        { $project: { _id: 1, score: textScore } },
      ])
      .toArray();
    expect(agg.map((d) => d._id)).toEqual([1, 2, 4]);
    expect(agg[0]!.score).toBeCloseTo(3 * 1.1, 12);
  });

  it('answers a page and its total in one $facet, as find and countDocuments would', async () => {
    const docs: Post[] = Array.from({ length: 30 }, (_, i) => ({
      _id: i + 1,
      title: i % 3 === 0 ? 'apple apple' : 'apple',
      content: i % 2 ? 'pear' : 'plum',
      removed: i % 5 === 0,
      rank: i % 7,
    }));
    const f = await posts('faceted', docs);
    await f.createIndex({ rank: -1, _id: -1 });
    const match = { ...text('apple'), removed: false };
    const sort = { score: textScore, _id: -1 } as const;
    const projection = { title: 1, score: textScore };
    const [faceted] = await f
      .aggregate([
        { $match: match },
        {
          $facet: {
            rows: [{ $sort: sort }, { $skip: 4 }, { $limit: 5 }, { $project: projection }],
            total: [{ $count: 'n' }],
          },
        },
      ])
      .toArray();
    const page = await f.find(match).project(projection).sort(sort).skip(4).limit(5).toArray();
    expect(faceted).toEqual({ rows: page, total: [{ n: await f.countDocuments(match) }] });
    expect(faceted!.total).toEqual([{ n: 24 }]);
    // 'apple apple' titles first (28, 25, ... none removed), ties by _id downwards, then 30.
    expect(faceted!.rows.map((d: Post) => d._id)).toEqual([13, 10, 7, 4, 30]);
    expect(faceted!.rows[3].score).toBeGreaterThan(faceted!.rows[4].score);

    // Without $text, the total first, a field sort, no projection; nothing matched: total [].
    const [byRank] = await f
      .aggregate([
        { $match: { removed: false, rank: { $gte: 5 } } },
        {
          $facet: {
            all: [{ $count: 'c' }],
            page: [{ $sort: { rank: -1, _id: -1 } }, { $limit: 3 }],
          },
        },
      ])
      .toArray();
    expect(Object.keys(byRank!)).toEqual(['all', 'page']);
    const ranked = docs
      .filter((d) => !d.removed && (d.rank as number) >= 5)
      .sort((x, y) => (y.rank as number) - (x.rank as number) || y._id - x._id);
    expect(byRank).toEqual({ all: [{ c: ranked.length }], page: ranked.slice(0, 3) });
    const [none] = await f
      .aggregate([
        { $match: text('quince') },
        { $facet: { rows: [{ $sort: sort }, { $limit: 5 }], total: [{ $count: 'n' }] } },
      ])
      .toArray();
    expect(none).toEqual({ rows: [], total: [] });
    // The score needs a $text match, in the page as anywhere.
    const err = await f
      .aggregate([
        { $match: { removed: false } },
        { $facet: { rows: [{ $sort: sort }, { $limit: 5 }], total: [{ $count: 'n' }] } },
      ])
      .toArray()
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
  });

  it('requires each string of an $all beside $text, as equalities, across writes', async () => {
    const doc = (_id: number, tags: unknown): Post => ({
      _id,
      title: 'garden',
      content: 'tomatoes',
      ...(tags === undefined ? {} : { tags }),
    });
    const c = await posts('all_strings', [
      doc(1, ['a', 'b']),
      doc(2, 'a'),
      doc(3, ['a', ['b']]),
      doc(4, ['b', 'a', 'a', 7]),
      doc(5, undefined),
      doc(6, 'b'),
    ]);
    const all = (...values: string[]) => ({ ...text('garden'), tags: { $all: values } });
    // $all is an $and of equalities: a scalar equal to the one string matches too.
    expect(await sortedIds(c.find(all('a')))).toEqual([1, 2, 3, 4]);
    expect(await sortedIds(c.find(all('a', 'b')))).toEqual([1, 4]);
    expect(await sortedIds(c.find(all('b', 'a', 'b')))).toEqual([1, 4]);
    expect(await c.countDocuments(all('a', 'zzz'))).toBe(0);
    expect(await c.countDocuments({ ...all('a'), _id: { $gt: 2 } })).toBe(2);
    await c.updateOne({ _id: 2 }, { $set: { tags: ['a', 'b'] } });
    await c.updateOne({ _id: 4 }, { $set: { tags: ['a'] } });
    await c.deleteOne({ _id: 1 });
    await c.insertOne(doc(7, ['b', 'a']));
    expect(await sortedIds(c.find(all('a', 'b')))).toEqual([2, 7]);
    expect(await c.countDocuments(all('b'))).toBe(3);
    const page = await ids(c.find(all('a'), { projection: byScore }).sort({ ...byScore, _id: -1 }));
    expect(page).toEqual([7, 4, 3, 2]);
  });

  it('follows updates and deletes', async () => {
    const u = await posts('updated', [
      { _id: 1, title: 'alpha', content: 'beta' },
      { _id: 2, title: 'gamma', content: 'delta' },
    ]);
    await u.updateOne({ _id: 1 }, { $set: { content: 'epsilon' } });
    expect(await sortedIds(u.find(text('beta')))).toEqual([]);
    expect(await sortedIds(u.find(text('epsilon')))).toEqual([1]);
    await u.deleteOne({ _id: 2 });
    expect(await sortedIds(u.find(text('gamma')))).toEqual([]);
    await u.updateMany(text('alpha'), { $set: { flagged: true } });
    expect(await u.countDocuments({ flagged: true })).toBe(1);
  });

  it('sees a transaction’s writes only after it commits', async () => {
    const t = await posts('txn', [{ _id: 1, title: 'before', content: 'x' }]);
    const client = db.conn.getClient();
    const session = client.startSession();
    try {
      session.startTransaction();
      await t.insertOne({ _id: 2, title: 'committed words', content: 'x' }, { session });
      expect(await sortedIds(t.find(text('committed'), { session }))).toEqual([2]);
      await session.commitTransaction();
      expect(await sortedIds(t.find(text('committed')))).toEqual([2]);
      session.startTransaction();
      await t.insertOne({ _id: 3, title: 'aborted words', content: 'x' }, { session });
      await session.abortTransaction();
      expect(await sortedIds(t.find(text('aborted words')))).toEqual([2]);
    } finally {
      await session.endSession();
    }
  });

  it('tests the rest of the filter on field values across writes and an aborted transaction', async () => {
    const [mine, theirs] = [new mongoose.Types.ObjectId(), new mongoose.Types.ObjectId()];
    const c = await posts('residual_fields', [
      { _id: 1, title: 'garden', content: 'x', removed: false, owner: mine },
      { _id: 2, title: 'garden', content: 'x', removed: true, owner: theirs },
      { _id: 3, title: 'garden', content: 'x', owner: null },
      { _id: 4, title: 'garden', content: 'x', removed: false, owner: [mine, theirs] },
      { _id: 5, title: 'garden', content: 'x', removed: 'no', owner: theirs },
    ]);
    const live = { ...text('garden'), removed: { $ne: true }, owner: { $nin: [mine] } };
    expect(await sortedIds(c.find(live))).toEqual([3, 5]);
    expect(await c.countDocuments({ ...text('garden'), removed: false })).toBe(2);
    expect(await c.countDocuments({ ...text('garden'), owner: null })).toBe(1);
    await c.updateOne({ _id: 2 }, { $set: { removed: false } });
    await c.updateOne({ _id: 3 }, { $set: { owner: mine } });
    expect(await sortedIds(c.find(live))).toEqual([2, 5]);
    const session = db.conn.getClient().startSession();
    try {
      session.startTransaction();
      await c.updateOne({ _id: 5 }, { $set: { owner: mine } }, { session });
      await c.updateOne({ _id: 1 }, { $unset: { owner: '' } }, { session });
      expect(await sortedIds(c.find(live, { session }))).toEqual([1, 2]);
      await session.abortTransaction();
    } finally {
      await session.endSession();
    }
    expect(await sortedIds(c.find(live))).toEqual([2, 5]);
    expect(await c.countDocuments(live)).toBe(2);
  });

  it('explains as a TEXT_MATCH stage', async () => {
    const plan = await c.find({ ...text('run -shoes') }).explain('executionStats');
    const stages = JSON.stringify(plan.queryPlanner.winningPlan);
    expect(stages).toContain('TEXT_MATCH');
    expect(plan.executionStats.nReturned).toBe(1);
    if (usingDevDb) {
      expect(plan.queryPlanner.winningPlan.parsedTextQuery).toEqual({
        terms: ['run'],
        negatedTerms: ['shoe'],
        phrases: [],
        negatedPhrases: [],
      });
      // 'run' is in documents 1 and 2, 'shoe' in 1: three postings, one document fetched.
      expect(plan.executionStats.totalKeysExamined).toBe(3);
      expect(plan.executionStats.totalDocsExamined).toBe(1);
    }
  });
});

describe.skipIf(!usingDevDb)('text index persistence', () => {
  it('keeps the index and its results across a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'devdb-text-'));
    try {
      let server = await start({ dataDir });
      const open = async () =>
        mongoose.createConnection(server.uri, { dbName: 'persist_text' }).asPromise();
      let conn = await open();
      const c = conn.db!.collection('p');
      await c.createIndex({ title: 'text' }, { name: 't' });
      await c.insertMany([{ title: 'persisted running' }, { title: 'other' }]);
      await c.deleteOne({ title: 'other' });
      await conn.close();
      await server.stop();
      server = await start({ dataDir });
      conn = await open();
      const found = await conn.db!.collection('p').find(text('run')).toArray();
      expect(found.map((d) => d.title)).toEqual(['persisted running']);
      await conn.close();
      await server.stop();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
