import type mongoose from 'mongoose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Binary } from 'bson';
import { newClient, openTestDb, raw, type TestDb } from './testing/harness.js';
import { RawConnection } from './testing/raw-connection.js';
import { withPings } from './testing/pings.js';

/**
 * Writes over many documents and pipelines over many rows pause between pieces of work, as
 * long reads do: while connection 1 runs one, connection 2 keeps getting answers. Progress is
 * asserted (answers that arrived while the operation was still running), not timings; the
 * stall bench (`npm run bench -w @forum/devdb -- --stalls`) has the figures.
 */
type Doc = mongoose.mongo.Document;

let db: TestDb;
let other: mongoose.mongo.MongoClient;
// Enough for hundreds of pauses (every 10 ms) without making the suite slow; the bench uses 100k.
const N = 30_000;
const DUPLICATE_AT = 0.6 * N;
const coll = (name = 'w'): mongoose.mongo.Collection<Doc> => raw(db, name) as never;
const rows = (from: number, n: number): Doc[] =>
  Array.from({ length: n }, (_, j) => ({
    _id: (from + j) as never,
    k: (from + j) % 1000,
    g: (from + j) % 10,
    n: from + j,
  }));

beforeAll(async () => {
  db = await openTestDb();
  other = await newClient(db);
}, 60_000);
afterAll(async () => {
  await other?.close();
  await db.close();
});
beforeEach(async () => {
  await coll()
    .drop()
    .catch(() => undefined);
  await coll().createIndex({ k: 1 });
});

describe('a write over many documents', () => {
  it('lets another connection in while it inserts 30,000 documents in one command', async () => {
    const { result, answered } = await withPings(other, () => coll().insertMany(rows(0, N)));
    expect(result.insertedCount).toBe(N);
    expect(answered).toBeGreaterThan(2);
    expect(await coll().countDocuments({ k: 7 })).toBe(N / 1000);
  }, 120_000);

  it('lets another connection in during updateMany and deleteMany, with the right results', async () => {
    await coll().insertMany(rows(0, N));
    const upd = await withPings(other, () => coll().updateMany({}, { $inc: { n: 1, k: 1 } }));
    expect(upd.result).toMatchObject({ matchedCount: N, modifiedCount: N });
    expect(upd.answered).toBeGreaterThan(2);
    // Every document and its index keys moved: k 7 now holds what k 6 held.
    expect(await coll().countDocuments({ k: 7 })).toBe(N / 1000);
    expect(await coll().countDocuments({ k: 0 })).toBe(0);
    expect(await coll().findOne({ _id: 41 as never })).toMatchObject({ k: 42, n: 42 });

    const del = await withPings(other, () => coll().deleteMany({ g: { $ne: 3 } }));
    expect(del.result.deletedCount).toBe(N - N / 10);
    expect(del.answered).toBeGreaterThan(2);
    expect(await coll().countDocuments({})).toBe(N / 10);
    expect(await coll().countDocuments({ k: { $gte: 0 } })).toBe(N / 10);
  }, 120_000);

  it('lets another connection in while it builds an index over 30,000 documents', async () => {
    await coll().insertMany(rows(0, N));
    const { answered } = await withPings(other, () =>
      coll().createIndex({ n: 1 }, { unique: true }),
    );
    expect(answered).toBeGreaterThan(2);
    const plan = await coll()
      .find({ n: { $gte: N - 3 } })
      .explain('executionStats');
    expect(plan.executionStats).toMatchObject({ nReturned: 3, totalKeysExamined: 3 });
    await expect(coll().insertOne({ n: 5 })).rejects.toMatchObject({ code: 11000 });
  }, 120_000);

  it('loses no update another connection makes to a document it has not reached yet', async () => {
    await coll().insertMany(rows(0, N));
    const last = (N - 1) as never;
    const mine = coll().updateMany({}, { $inc: { n: 1 } });
    // Lands while updateMany pauses (or before or after it): both increments must count.
    const theirs = other
      .db(db.dbName)
      .collection<Doc>('w')
      .updateOne({ _id: last }, { $inc: { n: 1000 } });
    await Promise.all([mine, theirs]);
    expect(await coll().findOne({ _id: last })).toMatchObject({ n: N - 1 + 1001 });
    expect(await coll().countDocuments({ n: { $gte: 1 } })).toBe(N);
  }, 120_000);

  it('answers a retry of a retryable write that is still running with its reply, not twice', async () => {
    const [a, b] = await Promise.all([RawConnection.open(db.uri), RawConnection.open(db.uri)]);
    try {
      const lsid = { id: new Binary(randomBytes(16), Binary.SUBTYPE_UUID) };
      const insert = {
        insert: 'w',
        documents: rows(0, N),
        lsid,
        txnNumber: 1n,
        $db: db.dbName,
      };
      // The driver retries on another connection when the first one fails mid-way.
      const first = a.command(insert);
      const retry = b.command(insert);
      const [r1, r2] = await Promise.all([first, retry]);
      expect(r1).toMatchObject({ n: N, ok: 1 });
      expect(r2).toMatchObject({ n: N, ok: 1 });
      expect(r2.writeErrors).toBeUndefined();
      expect(await coll().countDocuments({})).toBe(N);
    } finally {
      a.close();
      b.close();
    }
  }, 120_000);

  it('stops an ordered insert at a duplicate key, keeping the documents before it', async () => {
    await coll().createIndex({ n: 1 }, { unique: true });
    const docs = rows(0, N);
    docs[DUPLICATE_AT] = { ...docs[DUPLICATE_AT], n: 5 };
    const err = await coll()
      .insertMany(docs)
      .then(
        () => undefined,
        (e: unknown) => e as mongoose.mongo.MongoBulkWriteError,
      );
    expect(err?.code).toBe(11000);
    expect(err?.writeErrors).toHaveLength(1);
    expect((err?.writeErrors as unknown as { index: number }[])[0]!.index).toBe(DUPLICATE_AT);
    expect(err?.result.insertedCount).toBe(DUPLICATE_AT);
    expect(await coll().countDocuments({})).toBe(DUPLICATE_AT);
    // Unordered: every other document goes in.
    await coll().deleteMany({});
    const unordered = await coll()
      .insertMany(docs, { ordered: false })
      .catch((e: unknown) => e as mongoose.mongo.MongoBulkWriteError);
    expect((unordered as mongoose.mongo.MongoBulkWriteError).result.insertedCount).toBe(N - 1);
  }, 120_000);

  it("runs in one piece inside a transaction, and waits for other sessions' transactions", async () => {
    await coll().insertMany(rows(0, N));
    const session = db.conn.getClient().startSession();
    try {
      await session.withTransaction(async () => {
        const r = await coll().updateMany({}, { $set: { t: 1 } }, { session });
        expect(r.modifiedCount).toBe(N);
      });
    } finally {
      await session.endSession();
    }
    expect(await coll().countDocuments({ t: 1 })).toBe(N);

    // A transaction of another session that starts while updateMany pauses: the update goes
    // on only after it ends, and neither loses the other's increment.
    const last = (N - 1) as never;
    const mine = coll().updateMany({}, { $inc: { n: 1 } });
    const theirs = other.withSession((s) =>
      s.withTransaction(async () => {
        const c = other.db(db.dbName).collection<Doc>('w');
        await c.updateOne({ _id: last }, { $inc: { n: 1000 } }, { session: s });
        await c.updateOne({ _id: 0 as never }, { $inc: { n: 1000 } }, { session: s });
      }),
    );
    await Promise.all([mine, theirs]);
    expect(await coll().findOne({ _id: last })).toMatchObject({ n: N - 1 + 1001 });
    expect(await coll().findOne({ _id: 0 as never })).toMatchObject({ n: 1001 });
    expect(await coll().countDocuments({ n: { $gte: 1 } })).toBe(N);
  }, 120_000);
});
