import { Binary, Decimal128, Long, ObjectId } from 'bson';
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

const admin = () => db.conn.db!.admin();

describe('handshake and admin commands', () => {
  it('answers hello as the writable primary of a replica set with sessions', async () => {
    const hello = await db.conn.db!.command({ hello: 1 });
    expect(hello.isWritablePrimary).toBe(true);
    expect(hello.secondary).toBe(false);
    expect(typeof hello.setName).toBe('string');
    if (usingDevDb) expect(hello.setName).toBe('rs0');
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(21);
    expect(hello.logicalSessionTimeoutMinutes).toBeGreaterThan(0);
  });

  it('answers ping, buildInfo, getParameter, connectionStatus', async () => {
    expect((await admin().ping()).ok).toBe(1);
    const info = await admin().buildInfo();
    expect(info.version).toMatch(/^\d+\.\d+/);
    if (usingDevDb) expect(info.version).toBe('7.0.0');
    const fcv = await admin().command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(fcv.ok).toBe(1);
    expect((await admin().command({ connectionStatus: 1 })).ok).toBe(1);
  });

  it('answers the housekeeping commands drivers and tools send', async () => {
    const session = db.conn.getClient().startSession();
    await raw(db, 'sess').insertOne({ a: 1 }, { session });
    await session.endSession();
    expect((await admin().command({ endSessions: [] })).ok).toBe(1);
    expect((await admin().command({ killAllSessions: [] })).ok).toBe(1);
    expect((await admin().command({ hostInfo: 1 })).ok).toBe(1);
    expect((await admin().command({ whatsmyuri: 1 })).you).toMatch(/:\d+$/);
    expect((await admin().command({ getLog: 'startupWarnings' })).ok).toBe(1);
  });

  it('lists databases and collections (with a name filter)', async () => {
    await raw(db, 'alpha').insertOne({ a: 1 });
    await db.conn.db!.createCollection('beta');
    const dbs = await admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).toContain(db.dbName);
    const all = await db.conn.db!.listCollections().toArray();
    expect(all.map((c) => c.name).sort()).toEqual(expect.arrayContaining(['alpha', 'beta']));
    const only = await db.conn.db!.listCollections({ name: 'beta' }).toArray();
    expect(only.map((c) => c.name)).toEqual(['beta']);
  });

  it('creates and drops collections and databases', async () => {
    await db.conn.db!.createCollection('gamma');
    // MongoDB 7 answers an identical re-create with success.
    await expect(db.conn.db!.createCollection('gamma')).resolves.toBeTruthy();
    expect(await raw(db, 'gamma').drop()).toBe(true);
    const names = (await db.conn.db!.listCollections().toArray()).map((c) => c.name);
    expect(names).not.toContain('gamma');
    const other = db.conn.useDb(`${db.dbName}_other`);
    await other.collection('x').insertOne({ a: 1 });
    await other.dropDatabase();
    const dbs = await admin().listDatabases();
    expect(dbs.databases.map((d) => d.name)).not.toContain(`${db.dbName}_other`);
  });

  it('rejects an unsupported command with CommandNotFound', async () => {
    await expect(db.conn.db!.command({ noSuchCommandAtAll: 1 })).rejects.toMatchObject({
      code: 59,
      message: "no such command: 'noSuchCommandAtAll'",
    });
  });

  it('rejects unknown query, update and pipeline operators with a clear error', async () => {
    const c = raw(db, 'ops');
    await c.insertOne({ a: 1 });
    await expect(c.find({ a: { $nope: 1 } }).toArray()).rejects.toMatchObject({ code: 2 });
    await expect(c.updateOne({}, { $nope: { a: 1 } } as never)).rejects.toMatchObject({ code: 9 });
    await expect(c.aggregate([{ $nope: {} }]).toArray()).rejects.toThrow();
  });

  it.skipIf(!usingDevDb)(
    'refuses features it does not implement instead of ignoring them',
    async () => {
      const c = raw(db, 'refused');
      await c.insertOne({ a: 'x' });
      await expect(
        c.find({ a: 'X' }, { collation: { locale: 'en', strength: 2 } }).toArray(),
      ).rejects.toMatchObject({ code: 2 });
      await expect(
        db.conn.db!.createCollection('validated', { validator: { a: { $type: 'string' } } }),
      ).rejects.toMatchObject({ code: 2 });
      await c.createIndex({ a: 'text' });
      await expect(
        c.find({ $text: { $search: 'x', $caseSensitive: true } }).toArray(),
      ).rejects.toMatchObject({ code: 2 });
      await expect(
        c.updateOne({}, { $set: { d: mongoose.mongo.Decimal128.fromString('1.5') } }),
      ).resolves.toBeTruthy();
      await expect(
        c.updateOne({}, { $inc: { d: mongoose.mongo.Decimal128.fromString('1') } }),
      ).rejects.toMatchObject({ code: 2 });
    },
  );
});

describe('BSON values', () => {
  it('round-trips ObjectId, Date, Long, Decimal128, Binary, null vs missing', async () => {
    const c = raw(db, 'types');
    const doc = {
      _id: new ObjectId(),
      date: new Date('2024-01-02T03:04:05.678Z'),
      long: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('12.345'),
      bin: new Binary(Buffer.from([1, 2, 3]), 0),
      nil: null,
      nested: { arr: [1, 'two', { three: 3 }] },
    };
    await c.insertOne(doc);
    const back = await c.findOne({ _id: doc._id }, { promoteLongs: false });
    expect(back!._id.equals(doc._id)).toBe(true);
    expect(back!.date).toEqual(doc.date);
    expect(Long.isLong(back!.long) && back!.long.toString()).toBe('9007199254740993');
    expect(back!.dec.toString()).toBe('12.345');
    expect(Buffer.from(back!.bin.buffer).equals(Buffer.from([1, 2, 3]))).toBe(true);
    expect(back).toHaveProperty('nil', null);
    expect(back).not.toHaveProperty('missing');
    expect(back!.nested).toEqual(doc.nested);
    expect(await c.countDocuments({ nil: null })).toBe(1);
    expect(await c.countDocuments({ nil: { $exists: true } })).toBe(1);
    expect(await c.countDocuments({ missing: { $exists: true } })).toBe(0);
    expect(await c.countDocuments({ missing: null })).toBe(1);
  });

  it('keeps _id as the first field', async () => {
    const c = raw(db, 'idfirst');
    await c.insertOne({ b: 1, _id: 'x' } as never);
    const back = await c.findOne({ _id: 'x' } as never);
    expect(Object.keys(back!)[0]).toBe('_id');
  });

  it('sorts mixed types in BSON comparison order', async () => {
    const c = raw(db, 'mixed');
    const oid = new ObjectId();
    const values = [true, 'str', 5, null, new Date(0), oid, { o: 1 }, [0], 2.5];
    await c.insertMany(values.map((v, i) => ({ i, v })));
    await c.insertOne({ i: 99 });
    const sorted = await c.find({}, { sort: { v: 1, i: 1 } }).toArray();
    // null and missing first, then numbers, strings, objects, arrays (by min element), ObjectId, bool, Date.
    expect(sorted.map((d) => d.i)).toEqual([3, 99, 7, 8, 2, 1, 6, 5, 0, 4]);
  });
});

describe('mongoose models', () => {
  it('saves, finds, updates and removes through a model', async () => {
    const Post = db.conn.model(
      'Post',
      new mongoose.Schema({ title: String, votes: Number, tags: [String], at: Date }),
    );
    const p = await Post.create({ title: 'hi', votes: 1, tags: ['a'], at: new Date() });
    const found = await Post.findById(p._id);
    expect(found!.title).toBe('hi');
    found!.votes = 5;
    await found!.save();
    expect((await Post.findById(p._id).lean())!.votes).toBe(5);
    await Post.deleteOne({ _id: p._id });
    expect(await Post.countDocuments()).toBe(0);
  });
});
