import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb, raw, usingDevDb, type TestDb } from './testing/harness.js';

let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

describe('unique indexes', () => {
  it('turns a violation into a MongoServerError with keyPattern and keyValue', async () => {
    const User = db.conn.model(
      'User',
      new mongoose.Schema({ email: { type: String, unique: true }, n: Number }),
    );
    await User.init();
    await User.create({ email: 'x@y.z' });
    const err = await User.create({ email: 'x@y.z' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mongoose.mongo.MongoServerError);
    expect(err).toMatchObject({
      code: 11000,
      keyPattern: { email: 1 },
      keyValue: { email: 'x@y.z' },
    });
    expect((err as Error).message).toContain(
      `E11000 duplicate key error collection: ${db.dbName}.users index: email_1 dup key: { email: "x@y.z" }`,
    );
  });

  it('enforces uniqueness on update, findAndModify and upsert', async () => {
    const c = raw(db, 'uq');
    await c.createIndex({ name: 1 }, { unique: true });
    await c.insertMany([{ name: 'a' }, { name: 'b' }]);
    await expect(c.updateOne({ name: 'b' }, { $set: { name: 'a' } })).rejects.toMatchObject({
      code: 11000,
      keyValue: { name: 'a' },
    });
    await expect(c.findOneAndUpdate({ name: 'b' }, { $set: { name: 'a' } })).rejects.toMatchObject({
      code: 11000,
    });
    await expect(
      c.updateOne({ name: 'zz' }, { $set: { name: 'a' } }, { upsert: true }),
    ).rejects.toMatchObject({ code: 11000 });
    await expect(c.replaceOne({ name: 'b' }, { name: 'a' })).rejects.toMatchObject({ code: 11000 });
    // A failed update leaves the document as it was.
    expect(await c.countDocuments({ name: 'b' })).toBe(1);
    // Updating a document to its own value is not a conflict.
    await c.updateOne({ name: 'a' }, { $set: { name: 'a', x: 1 } });
  });

  it('rejects a duplicate _id', async () => {
    const c = raw(db, 'dupid');
    await c.insertOne({ _id: 'same' } as never);
    await expect(c.insertOne({ _id: 'same' } as never)).rejects.toMatchObject({
      code: 11000,
      keyPattern: { _id: 1 },
      keyValue: { _id: 'same' },
    });
  });

  it('supports compound, sparse and partial unique indexes', async () => {
    const c = raw(db, 'cmp');
    await c.createIndex({ a: 1, b: 1 }, { unique: true });
    await c.insertMany([
      { a: 1, b: 1 },
      { a: 1, b: 2 },
    ]);
    await expect(c.insertOne({ a: 1, b: 1 })).rejects.toMatchObject({
      code: 11000,
      keyPattern: { a: 1, b: 1 },
      keyValue: { a: 1, b: 1 },
    });

    const s = raw(db, 'sparse');
    await s.createIndex({ code: 1 }, { unique: true, sparse: true });
    await s.insertMany([{ x: 1 }, { x: 2 }, { code: 'c' }]);
    await expect(s.insertOne({ code: 'c' })).rejects.toMatchObject({ code: 11000 });

    const p = raw(db, 'partial');
    await p.createIndex({ user: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await p.insertMany([
      { user: 'u', active: false },
      { user: 'u', active: false },
      { user: 'u', active: true },
    ]);
    await expect(p.insertOne({ user: 'u', active: true })).rejects.toMatchObject({ code: 11000 });
  });

  it('refuses to build a unique index over existing duplicates', async () => {
    const c = raw(db, 'prebuilt');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    await expect(c.createIndex({ k: 1 }, { unique: true })).rejects.toMatchObject({ code: 11000 });
  });

  it('lists and drops indexes', async () => {
    const c = raw(db, 'li');
    await c.createIndex({ a: 1 });
    await c.createIndex({ b: -1 }, { name: 'bee', unique: true });
    const names = (await c.listIndexes().toArray()).map((i) => i.name).sort();
    expect(names).toEqual(['_id_', 'a_1', 'bee']);
    await c.dropIndex('a_1');
    expect((await c.listIndexes().toArray()).map((i) => i.name).sort()).toEqual(['_id_', 'bee']);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });
});

describe('bulk writes', () => {
  it('keeps the documents before the failure of an ordered insertMany', async () => {
    const c = raw(db, 'ordered');
    await c.createIndex({ k: 1 }, { unique: true });
    const err = await c
      .insertMany([{ k: 1 }, { k: 2 }, { k: 1 }, { k: 3 }])
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(mongoose.mongo.MongoBulkWriteError);
    const bulk = err as mongoose.mongo.MongoBulkWriteError;
    expect(bulk.insertedCount).toBe(2);
    expect(bulk.writeErrors).toHaveLength(1);
    const [we] = bulk.writeErrors as mongoose.mongo.WriteError[];
    expect(we!.index).toBe(2);
    expect(we!.code).toBe(11000);
    expect(we!.errmsg).toContain('E11000 duplicate key error');
    expect(await c.countDocuments()).toBe(2);
  });

  it('reports writeErrors with index, code, errmsg, keyPattern and keyValue on the wire', async () => {
    const c = raw(db, 'wire');
    await c.createIndex({ k: 1 }, { unique: true });
    const reply = await db.conn.db!.command({
      insert: 'wire',
      documents: [{ k: 1 }, { k: 1 }, { k: 2 }],
      ordered: true,
    });
    expect(reply.n).toBe(1);
    expect(reply.writeErrors).toHaveLength(1);
    expect(reply.writeErrors[0]).toMatchObject({
      index: 1,
      code: 11000,
      keyPattern: { k: 1 },
      keyValue: { k: 1 },
      errmsg: `E11000 duplicate key error collection: ${db.dbName}.wire index: k_1 dup key: { k: 1 }`,
    });
  });

  it('continues past failures when unordered', async () => {
    const c = raw(db, 'unordered');
    await c.createIndex({ k: 1 }, { unique: true });
    const err = (await c
      .insertMany([{ k: 1 }, { k: 1 }, { k: 2 }, { k: 2 }, { k: 3 }], { ordered: false })
      .catch((e: unknown) => e)) as mongoose.mongo.MongoBulkWriteError;
    expect(err.insertedCount).toBe(3);
    expect((err.writeErrors as mongoose.mongo.WriteError[]).map((e) => e.index)).toEqual([1, 3]);
    expect(await c.countDocuments()).toBe(3);
  });

  it('runs mixed bulkWrite and mongoose insertMany', async () => {
    const c = raw(db, 'mixedbulk');
    const r = await c.bulkWrite([
      { insertOne: { document: { _id: 1, v: 1 } } },
      { updateOne: { filter: { _id: 1 }, update: { $inc: { v: 1 } } } },
      { updateOne: { filter: { _id: 2 }, update: { $set: { v: 9 } }, upsert: true } },
      { deleteOne: { filter: { _id: 1 } } },
    ] as never);
    expect(r).toMatchObject({
      insertedCount: 1,
      matchedCount: 1,
      modifiedCount: 1,
      upsertedCount: 1,
      deletedCount: 1,
    });
    const Thing = db.conn.model(
      'Thing',
      new mongoose.Schema({ k: { type: Number, unique: true } }),
    );
    await Thing.init();
    const res = await Thing.insertMany([{ k: 1 }, { k: 1 }, { k: 2 }], { ordered: false }).catch(
      (e: unknown) => e,
    );
    expect(res).toMatchObject({ code: 11000 });
    expect(await Thing.countDocuments()).toBe(2);
  });
});

describe('atomicity', () => {
  it('applies 300 concurrent $inc on one document exactly', async () => {
    const Counter = db.conn.model('Counter', new mongoose.Schema({ _id: String, n: Number }));
    await Counter.create({ _id: 'c', n: 0 });
    await Promise.all(
      Array.from({ length: 300 }, () => Counter.updateOne({ _id: 'c' }, { $inc: { n: 1 } })),
    );
    expect((await Counter.findById('c').lean())!.n).toBe(300);
  });
});

describe('TTL indexes', () => {
  it(
    'expires documents after expireAfterSeconds',
    async () => {
      const c = raw(db, 'ttl');
      await c.createIndex({ at: 1 }, { expireAfterSeconds: 1 });
      await c.insertMany([
        { at: new Date(Date.now() - 10_000) },
        { at: new Date(Date.now() + 3_600_000) },
        { at: 'not a date' },
      ]);
      const deadline = Date.now() + (usingDevDb ? 5_000 : 120_000);
      while ((await c.countDocuments()) > 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 100));
      expect(await c.countDocuments()).toBe(2);
    },
    usingDevDb ? 10_000 : 150_000,
  );
});

describe('indexed lookups', () => {
  it('answers equality and $in on indexed fields and _id', async () => {
    const c = raw(db, 'lookup');
    await c.createIndex({ email: 1 });
    await c.insertMany(
      Array.from({ length: 2000 }, (_, i) => ({
        _id: i,
        email: `u${i}@x`,
        tags: [`t${i % 3}`],
      })) as never[],
    );
    await c.createIndex({ tags: 1 });
    expect(await c.findOne({ email: 'u1500@x' })).toMatchObject({ _id: 1500 });
    expect(await c.countDocuments({ email: { $in: ['u1@x', 'u2@x', 'nope'] } })).toBe(2);
    expect(await c.countDocuments({ _id: { $in: [1, 2, 3, 5000] } } as never)).toBe(3);
    expect(await c.countDocuments({ tags: 't1' })).toBe(667);
    expect(await c.countDocuments({ email: 'u7@x', _id: 8 } as never)).toBe(0);
    await c.createIndex({ tags: 1, _id: -1 });
    await c.createIndex({ email: 1, tags: 1 });
    expect(await c.countDocuments({ tags: 't2', _id: { $gte: 1990 } } as never)).toBe(3);
    expect(
      await c.countDocuments({ email: { $in: ['u3@x', 'u4@x'] }, tags: { $in: ['t0', 't1'] } }),
    ).toBe(2);
    const many = Array.from({ length: 1500 }, (_, i) => `u${i}@x`);
    expect(await c.countDocuments({ email: { $in: many }, tags: { $in: ['t0', 't1'] } })).toBe(
      1000,
    );
    await c.updateOne({ _id: 7 } as never, { $set: { email: 'changed' } });
    expect(await c.countDocuments({ email: 'u7@x' })).toBe(0);
    expect(await c.countDocuments({ email: 'changed' })).toBe(1);
  });
});
