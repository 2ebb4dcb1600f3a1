import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newClient, openTestDb, sleep, usingDevDb, type TestDb } from './testing/harness.js';
import { RawConnection } from './testing/raw-connection.js';

const { Long, UUID } = mongoose.mongo;
type Doc = Record<string, unknown>;

// Against a real MongoDB these step the primary down, which other clients of that server
// notice too. `force: true` lets a single-node replica set step down without a secondary.
let db: TestDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

const stepDown = (seconds: number) =>
  db.conn.db!.admin().command({ replSetStepDown: seconds, force: true });

async function helloOn(uri: string): Promise<Doc> {
  const conn = await RawConnection.open(uri);
  try {
    return await conn.command({ hello: 1, $db: 'admin' });
  } finally {
    conn.close();
  }
}

/** Polls hello until the server is a writable primary again. */
async function primaryAgain(): Promise<Doc> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const hello = await helloOn(db.uri);
    if (hello.isWritablePrimary === true) return hello;
    if (Date.now() > deadline) throw new Error('no primary after the step-down');
    await sleep(200);
  }
}

describe.sequential('primary step-down', () => {
  it('delays a write issued during a step-down instead of failing it', async () => {
    const client = await newClient(db, { serverSelectionTimeoutMS: 30_000 });
    const c = client.db(db.dbName).collection<{ _id: string }>('during_stepdown');
    await c.insertOne({ _id: 'before' });
    await client.db('admin').command({ replSetStepDown: 2, force: true });
    const t0 = Date.now();
    await c.insertOne({ _id: 'during' });
    if (usingDevDb) expect(Date.now() - t0).toBeGreaterThan(1_000);
    expect(await c.countDocuments()).toBe(2);
    await client.close();
  }, 60_000);

  it('answers as a secondary while stepped down, then as the primary of a new term', async () => {
    const before = (await helloOn(db.uri)) as {
      electionId: mongoose.mongo.ObjectId;
      topologyVersion: { counter: bigint };
    };
    const open = await RawConnection.open(db.uri);
    await stepDown(3);
    const conn = await RawConnection.open(db.uri);
    const hello = await conn.command({ hello: 1, $db: 'admin' });
    expect(hello).toMatchObject({ isWritablePrimary: false, secondary: true });
    expect(hello).not.toHaveProperty('primary');

    const insert = { insert: 'refused', documents: [{ a: 1 }], $db: db.dbName };
    expect(await conn.command(insert)).toMatchObject({ ok: 0, code: 10107 });
    const retryable = { ...insert, lsid: { id: new UUID() }, txnNumber: Long.fromNumber(1) };
    expect(await conn.command(retryable)).toMatchObject({
      ok: 0,
      code: 10107,
      codeName: 'NotWritablePrimary',
      errorLabels: ['RetryableWriteError'],
    });
    const commit = { commitTransaction: 1, autocommit: false, $db: 'admin' };
    expect(await conn.command({ ...commit, lsid: retryable.lsid, txnNumber: 2n })).toMatchObject({
      ok: 0,
      code: 10107,
      errorLabels: ['RetryableWriteError'],
    });
    const find = { find: 'refused', filter: {}, $db: db.dbName };
    expect(await conn.command(find)).toMatchObject({ ok: 0, code: 13435 });
    expect(
      await conn.command({ ...find, $readPreference: { mode: 'secondaryPreferred' } }),
    ).toMatchObject({ ok: 1 });
    expect(await conn.command({ replSetGetStatus: 1, $db: 'admin' })).toMatchObject({
      myState: 2,
    });
    conn.close();
    // devdb closes the connections that were open when it stepped down.
    if (usingDevDb) await expect(open.command({ ping: 1, $db: 'admin' })).rejects.toThrow();
    open.close();

    const after = (await primaryAgain()) as typeof before;
    expect(after.electionId.toHexString() > before.electionId.toHexString()).toBe(true);
    expect(after.topologyVersion.counter).toBeGreaterThan(before.topologyVersion.counter);
  }, 60_000);

  it('aborts the transactions that were open when it stepped down', async () => {
    const c = db.conn.db!.collection<{ _id: string }>('txn_stepdown');
    const session = db.conn.getClient().startSession();
    session.startTransaction();
    await c.insertOne({ _id: 'uncommitted' }, { session });
    await stepDown(1);
    await primaryAgain();
    const err = await session.commitTransaction().catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 251 });
    await session.endSession();
    expect(await c.countDocuments()).toBe(0);
  }, 60_000);
});
