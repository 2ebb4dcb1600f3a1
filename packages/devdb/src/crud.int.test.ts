import mongoose from 'mongoose';

const { ObjectId } = mongoose.mongo;
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, raw, type TestDb } from './testing/harness.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('find', () => {
  beforeAll(async () => {
    await raw(db, 'items').insertMany(
      Array.from({ length: 250 }, (_, i) => ({
        _id: i,
        n: i,
        mod: i % 7,
        name: `item${i}`,
        extra: { x: i },
      })) as never[],
    );
  });
  const items = () => raw(db, 'items');

  it('filters, projects, sorts, skips and limits', async () => {
    const docs = await items()
      .find({ mod: 3 }, { projection: { name: 1, _id: 0 }, sort: { n: -1 }, skip: 2, limit: 3 })
      .toArray();
    expect(docs).toEqual([{ name: 'item234' }, { name: 'item227' }, { name: 'item220' }]);
    const excl = await items().findOne({ _id: 5 } as never, { projection: { extra: 0, name: 0 } });
    expect(excl).toEqual({ _id: 5, n: 5, mod: 5 });
  });

  it('projects in the stored order of the fields, as MongoDB does', async () => {
    const one = (projection: Record<string, unknown>) =>
      items().findOne({ _id: 5 } as never, { projection });
    const picked = await one({ name: 1, n: 1, missing: 1 });
    expect(picked).toEqual({ _id: 5, n: 5, name: 'item5' });
    expect(Object.keys(picked!)).toEqual(['_id', 'n', 'name']);
    expect(Object.keys((await one({ mod: 0 }))!)).toEqual(['_id', 'n', 'name', 'extra']);
    expect(await one({ _id: 1 })).toEqual({ _id: 5 });
    expect(await one({ 'extra.x': 1, _id: 0 })).toEqual({ extra: { x: 5 } });
    await expect(one({ name: 1, n: 0 })).rejects.toThrow();
  });

  it('streams more than 101 documents through getMore', async () => {
    const cursor = items().find({}, { sort: { n: 1 } });
    const all = await cursor.toArray();
    expect(all).toHaveLength(250);
    expect(all.map((d) => d.n)).toEqual(Array.from({ length: 250 }, (_, i) => i));
    const small = await items().find({}, { batchSize: 10 }).toArray();
    expect(small).toHaveLength(250);
  });

  it('honours singleBatch-style negative limits and kills cursors', async () => {
    const docs = await items().find({}).limit(-5).toArray();
    expect(docs).toHaveLength(5);
    const cursor = items().find({}, { batchSize: 2 });
    await cursor.next();
    await cursor.close();
    const killed = await db.conn.db!.command({ killCursors: 'items', cursors: [12345n as never] });
    expect(killed.cursorsNotFound).toHaveLength(1);
  });

  it('opens a cursor with an empty first batch for batchSize 0', async () => {
    const reply = await db.conn.db!.command({ find: 'items', filter: {}, batchSize: 0 });
    expect(reply.cursor.firstBatch).toEqual([]);
    expect(reply.cursor.id.toString()).not.toBe('0');
    const more = await db.conn.db!.command({
      getMore: reply.cursor.id,
      collection: 'items',
      batchSize: 5,
    });
    expect(more.cursor.nextBatch).toHaveLength(5);
    await db.conn.db!.command({ killCursors: 'items', cursors: [reply.cursor.id] });
  });

  it('reports a missing cursor on getMore', async () => {
    const res = db.conn.db!.command({ getMore: 1234567n as never, collection: 'items' });
    await expect(res).rejects.toMatchObject({ code: 43 });
  });

  it('counts and distincts', async () => {
    expect(await items().countDocuments({ mod: 0 })).toBe(36);
    expect(await items().estimatedDocumentCount()).toBe(250);
    expect(await items().countDocuments({ mod: 0 }, { skip: 30, limit: 10 })).toBe(6);
    expect(await items().countDocuments({ n: { $gte: 100 } }, { limit: 10 })).toBe(10);
    const [c] = await items()
      .aggregate([{ $match: { mod: 1 } }, { $sort: { n: -1 } }, { $limit: 5 }, { $count: 'k' }])
      .toArray();
    expect(c).toEqual({ k: 5 });
    expect(
      await items()
        .aggregate([{ $match: { mod: 99 } }, { $count: 'k' }])
        .toArray(),
    ).toEqual([]);
    const mods = await items().distinct('mod');
    expect(mods.sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});

describe('update operators', () => {
  const c = () => raw(db, 'upd');
  beforeEach(async () => {
    await c().deleteMany({});
  });

  it('applies $set $unset $inc $mul $min $max $rename $currentDate', async () => {
    const { insertedId } = await c().insertOne({
      a: 1,
      b: 2,
      m: 3,
      lo: 5,
      hi: 5,
      old: 'x',
      gone: 1,
    });
    await c().updateOne(
      { _id: insertedId },
      {
        $set: { 'deep.x': 1 },
        $unset: { gone: '' },
        $inc: { a: 2 },
        $mul: { m: 2 },
        $min: { lo: 1 },
        $max: { hi: 9 },
        $rename: { old: 'renamed' },
        $currentDate: { at: true },
      },
    );
    const d = await c().findOne({ _id: insertedId });
    expect(d).toMatchObject({ a: 3, b: 2, m: 6, lo: 1, hi: 9, renamed: 'x', deep: { x: 1 } });
    expect(d).not.toHaveProperty('gone');
    expect(d).not.toHaveProperty('old');
    expect(d!.at).toBeInstanceOf(Date);
  });

  it('rejects $inc on a non-numeric field and changing _id', async () => {
    const { insertedId } = await c().insertOne({ s: 'text' });
    await expect(
      c().updateOne({ _id: insertedId }, { $inc: { s: 1 } } as never),
    ).rejects.toMatchObject({ code: 14 });
    await expect(
      c().updateOne({ _id: insertedId }, { $set: { _id: new ObjectId() } }),
    ).rejects.toMatchObject({ code: 66 });
  });

  it('applies array operators', async () => {
    const { insertedId: id } = await c().insertOne({
      p: [3, 1],
      s: [1, 2, 2, 3],
      t: ['a'],
      q: [1, 2, 3, 4],
    });
    await c().updateOne({ _id: id }, {
      $push: { p: { $each: [5, 2], $sort: 1, $slice: 3 } },
    } as never);
    expect((await c().findOne({ _id: id }))!.p).toEqual([1, 2, 3]);
    await c().updateOne({ _id: id }, { $push: { p: { $each: [0], $position: 0 } } } as never);
    expect((await c().findOne({ _id: id }))!.p).toEqual([0, 1, 2, 3]);
    await c().updateOne({ _id: id }, {
      $pull: { s: 2 },
      $addToSet: { t: { $each: ['a', 'b'] } },
      $pullAll: { q: [1, 4] },
    } as never);
    const d = await c().findOne({ _id: id });
    expect(d).toMatchObject({ s: [1, 3], t: ['a', 'b'], q: [2, 3] });
    await c().updateOne({ _id: id }, {
      $pop: { q: -1, t: 1 },
      $bit: { flags: { or: 5 } },
    } as never);
    expect(await c().findOne({ _id: id })).toMatchObject({ q: [3], t: ['a'], flags: 5 });
  });

  it('supports positional $, $[] and $[ident] with arrayFilters', async () => {
    const { insertedId: id } = await c().insertOne({
      grades: [
        { g: 80, n: 0 },
        { g: 90, n: 0 },
        { g: 95, n: 0 },
      ],
    });
    await c().updateOne({ _id: id, 'grades.g': 90 }, { $set: { 'grades.$.n': 1 } });
    await c().updateOne({ _id: id }, { $inc: { 'grades.$[].n': 10 } });
    await c().updateOne(
      { _id: id },
      { $set: { 'grades.$[hi].top': true } },
      { arrayFilters: [{ 'hi.g': { $gte: 90 } }] },
    );
    const d = await c().findOne({ _id: id });
    expect(d!.grades).toEqual([
      { g: 80, n: 10 },
      { g: 90, n: 11, top: true },
      { g: 95, n: 10, top: true },
    ]);
  });

  it('replaces documents and upserts with $setOnInsert', async () => {
    const { insertedId: id } = await c().insertOne({ a: 1, b: 2 });
    await c().replaceOne({ _id: id }, { c: 3 });
    expect(await c().findOne({ _id: id })).toEqual({ _id: id, c: 3 });
    const r = await c().updateOne(
      { key: 'k' },
      { $set: { v: 1 }, $setOnInsert: { created: true } },
      { upsert: true },
    );
    expect(r.upsertedCount).toBe(1);
    expect(await c().findOne({ key: 'k' }, { projection: { _id: 0 } })).toEqual({
      key: 'k',
      v: 1,
      created: true,
    });
    const again = await c().updateOne(
      { key: 'k' },
      { $set: { v: 2 }, $setOnInsert: { created: false } },
      { upsert: true },
    );
    expect(again).toMatchObject({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
    expect(await c().findOne({ key: 'k' }, { projection: { _id: 0 } })).toEqual({
      key: 'k',
      v: 2,
      created: true,
    });
  });

  it('keeps int64 values int64 through $inc', async () => {
    const { Long } = mongoose.mongo;
    const { insertedId: id } = await c().insertOne({
      big: Long.fromString('9007199254740993'),
      n: 1,
    });
    await c().updateOne({ _id: id }, { $inc: { big: Long.fromNumber(2), n: Long.fromNumber(1) } });
    const d = await c().findOne({ _id: id }, { promoteLongs: false });
    expect(d!.big.toString()).toBe('9007199254740995');
    expect(d!.n.toString()).toBe('2');
  });

  it('updates many, reports matched vs modified', async () => {
    await c().insertMany([{ g: 1 }, { g: 1 }, { g: 1, done: true }, { g: 2 }]);
    const r = await c().updateMany({ g: 1 }, { $set: { done: true } });
    expect(r).toMatchObject({ matchedCount: 3, modifiedCount: 2 });
  });
});

describe('delete and findAndModify', () => {
  const c = () => raw(db, 'fam');
  beforeEach(async () => {
    await c().deleteMany({});
    await c().insertMany([
      { k: 1, v: 'a' },
      { k: 2, v: 'b' },
      { k: 3, v: 'c' },
    ]);
  });

  it('deletes one or many', async () => {
    expect((await c().deleteOne({ k: { $gte: 2 } })).deletedCount).toBe(1);
    expect((await c().deleteMany({})).deletedCount).toBe(2);
  });

  it('returns before/after images, sorts, projects, upserts and removes', async () => {
    const before = await c().findOneAndUpdate(
      {},
      { $inc: { k: 10 } },
      { sort: { k: -1 }, returnDocument: 'before', includeResultMetadata: true },
    );
    expect(before.value).toMatchObject({ k: 3 });
    expect(before.lastErrorObject).toMatchObject({ n: 1, updatedExisting: true });
    const after = await c().findOneAndUpdate(
      { k: 1 },
      { $set: { v: 'z' } },
      { returnDocument: 'after', projection: { _id: 0 } },
    );
    expect(after).toEqual({ k: 1, v: 'z' });
    const up = await c().findOneAndUpdate(
      { k: 50 },
      { $set: { v: 'new' } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(up.value).toMatchObject({ k: 50, v: 'new' });
    expect(up.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(up.lastErrorObject!.upserted).toBeInstanceOf(ObjectId);
    const removed = await c().findOneAndDelete({ k: 2 });
    expect(removed).toMatchObject({ k: 2, v: 'b' });
    expect(await c().countDocuments()).toBe(3);
    const none = await c().findOneAndUpdate(
      { k: 999 },
      { $set: { v: 1 } },
      { includeResultMetadata: true },
    );
    expect(none.value).toBeNull();
    expect(none.lastErrorObject).toMatchObject({ n: 0, updatedExisting: false });
  });

  it('applies arrayFilters in findAndModify', async () => {
    await c().insertOne({ k: 7, arr: [{ x: 1 }, { x: 5 }] });
    const d = await c().findOneAndUpdate(
      { k: 7 },
      { $set: { 'arr.$[e].big': true } },
      { arrayFilters: [{ 'e.x': { $gt: 2 } }], returnDocument: 'after' },
    );
    expect(d!.arr).toEqual([{ x: 1 }, { x: 5, big: true }]);
  });
});

describe('aggregate', () => {
  beforeAll(async () => {
    await raw(db, 'orders').insertMany([
      { _id: 1, cust: 'a', amount: 10, items: ['x', 'y'] },
      { _id: 2, cust: 'a', amount: 5, items: ['x'] },
      { _id: 3, cust: 'b', amount: 7, items: [] },
    ] as never[]);
    await raw(db, 'customers').insertMany([
      { _id: 'a', name: 'Ann' },
      { _id: 'b', name: 'Bob' },
    ] as never[]);
  });
  const orders = () => raw(db, 'orders');

  it('matches, groups, sorts, skips, limits, projects', async () => {
    const res = await orders()
      .aggregate([
        { $match: { amount: { $gt: 1 } } },
        { $group: { _id: '$cust', total: { $sum: '$amount' }, n: { $sum: 1 } } },
        { $sort: { total: -1 } },
        { $skip: 0 },
        { $limit: 5 },
        { $project: { _id: 0, cust: '$_id', total: 1, n: 1 } },
      ])
      .toArray();
    expect(res).toEqual([
      { total: 15, n: 2, cust: 'a' },
      { total: 7, n: 1, cust: 'b' },
    ]);
  });

  it('supports $lookup, $unwind, $addFields, $set, $unset, $replaceRoot', async () => {
    const res = await orders()
      .aggregate([
        { $lookup: { from: 'customers', localField: 'cust', foreignField: '_id', as: 'c' } },
        { $unwind: '$c' },
        { $addFields: { who: '$c.name' } },
        { $set: { double: { $multiply: ['$amount', 2] } } },
        { $unset: ['c', 'items'] },
        { $sort: { _id: 1 } },
        { $replaceRoot: { newRoot: { id: '$_id', who: '$who', double: '$double' } } },
      ])
      .toArray();
    expect(res).toEqual([
      { id: 1, who: 'Ann', double: 20 },
      { id: 2, who: 'Ann', double: 10 },
      { id: 3, who: 'Bob', double: 14 },
    ]);
    // $lookup results must not leak into the stored documents.
    expect(await raw(db, 'customers').findOne({ _id: 'a' } as never)).toEqual({
      _id: 'a',
      name: 'Ann',
    });
  });

  it('joins on array and missing local values, with and without a foreign index', async () => {
    await raw(db, 'tags').insertMany([
      { code: 'x', label: 'X' },
      { code: 'y', label: 'Y' },
      { label: 'none' },
    ]);
    const res = await orders()
      .aggregate([
        { $sort: { _id: 1 } },
        { $lookup: { from: 'tags', localField: 'items', foreignField: 'code', as: 't' } },
        { $lookup: { from: 'customers', localField: 'nope', foreignField: '_id', as: 'none' } },
        { $project: { labels: '$t.label', none: 1 } },
      ])
      .toArray();
    const labels = res.map((r) => [...(r.labels as string[])].sort());
    expect(labels.slice(0, 2)).toEqual([['X', 'Y'], ['X']]);
    expect(res.map((r) => r.none)).toEqual([[], [], []]);
    await raw(db, 'tags').createIndex({ code: 1 });
    const again = await orders()
      .aggregate([
        { $sort: { _id: 1 } },
        { $lookup: { from: 'tags', localField: 'items', foreignField: 'code', as: 't' } },
        { $project: { labels: '$t.label' } },
      ])
      .toArray();
    // The index-backed join must agree with the general one.
    expect(again.map((r) => [...(r.labels as string[])].sort())).toEqual(labels);
  });

  it('never changes stored documents, whatever the stages do', async () => {
    const before = await orders().find().toArray();
    await orders()
      .aggregate([
        { $unwind: { path: '$items', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } },
        { $set: { 'extra.x': 1, amount: 0 } },
        { $unset: 'cust' },
      ])
      .toArray();
    await orders()
      .aggregate([
        { $group: { _id: '$cust', all: { $push: '$$ROOT' } } },
        { $unwind: '$all' },
        { $set: { 'all.amount': -1 } },
      ])
      .toArray();
    expect(await orders().find().toArray()).toEqual(before);
  });

  it('supports $facet and $count and cursors over large results', async () => {
    const [facet] = await orders()
      .aggregate([
        {
          $facet: {
            total: [{ $count: 'n' }],
            big: [{ $match: { amount: { $gte: 7 } } }, { $count: 'n' }],
          },
        },
      ])
      .toArray();
    expect(facet).toEqual({ total: [{ n: 3 }], big: [{ n: 2 }] });
    await raw(db, 'many').insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const all = await raw(db, 'many')
      .aggregate([{ $sort: { i: -1 } }], { cursor: { batchSize: 50 } })
      .toArray();
    expect(all).toHaveLength(300);
    expect(all[0]!.i).toBe(299);
  });
});
