import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schema, type Connection } from 'mongoose';
import { Subjects } from '@forum/contracts';
import { connectMongo } from './mongo.js';
import { createEventOutbox } from './nats/outbox.js';
import { inTransaction } from './transactions.js';
import { captureLogs, startDevDb, type TestDevDb } from './testing/index.js';

const { logger } = captureLogs('transactions-test');
let devdb: TestDevDb;
let conn: Connection;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('txn'), logger);
});
afterAll(async () => {
  await conn?.db?.dropDatabase();
  await conn?.close();
  await devdb?.stop();
});

const data = { user_id: '64b7f0c2a1b2c3d4e5f60718', username: 'paired', avatar_url: null };

describe('inTransaction', () => {
  it('stores a change and its outbox event together, or neither', async () => {
    const Note = conn.model('Note', new Schema({ text: String }));
    // No NATS: the relay is never started, so the outbox keeps what the transaction stored.
    const outbox = createEventOutbox({
      conn,
      js: undefined as never,
      logger,
      collection: 'outbox_txn',
    });
    const events = conn.collection('outbox_txn');

    await inTransaction(conn, async (session) => {
      await Note.create([{ text: 'kept' }]); // joins the session without being told
      await outbox.add(Subjects.UserUpdated, data, { session });
    });
    expect(await Note.countDocuments({ text: 'kept' })).toBe(1);
    expect(await events.countDocuments({})).toBe(1);

    await expect(
      inTransaction(conn, async (session) => {
        await Note.create([{ text: 'undone' }]);
        await outbox.add(Subjects.UserUpdated, data, { session });
        throw new Error('crash between the two writes and the commit');
      }),
    ).rejects.toThrow('crash between');
    expect(await Note.countDocuments({ text: 'undone' })).toBe(0);
    expect(await events.countDocuments({})).toBe(1);
  });

  it('returns what the work returns', async () => {
    expect(await inTransaction(conn, async () => 42)).toBe(42);
  });
});

describe('inTransaction during a primary election', () => {
  // Each steps its own dev server down (a simulated election: connections closed, writes refused).
  const withOwnServer = async (
    run: (c: Connection, stepDown: () => Promise<void>) => Promise<void>,
  ) => {
    const own = await startDevDb();
    const c = await connectMongo(own.uri, own.dbName('txn_election'), logger);
    const admin = await connectMongo(own.uri, 'admin', logger);
    try {
      await run(c, async () => {
        await admin.db!.admin().command({ replSetStepDown: 1, force: true });
      });
    } finally {
      await c.db?.dropDatabase().catch(() => undefined);
      await c.close(true);
      await admin.close(true);
      await own.stop();
    }
  };

  it('sends a commit that met the step-down again (re-running work the server aborted)', async () => {
    await withOwnServer(async (c, stepDown) => {
      const Item = c.model('Item', new Schema({ n: Number }));
      let runs = 0;
      await inTransaction(c, async () => {
        runs++;
        await Item.create([{ n: runs }]);
        // The commit comes next, to a primary that just stepped down.
        if (runs === 1) await stepDown();
      });
      // Only the last run's write exists (a run may meet the step-down more than once).
      expect(runs).toBeGreaterThanOrEqual(2);
      expect((await Item.find().lean()).map((i) => i.n)).toEqual([runs]);
    });
  }, 30_000);

  it('runs work again when a failover cuts it off', async () => {
    await withOwnServer(async (c, stepDown) => {
      const Item = c.model('Item', new Schema({ n: Number }));
      let runs = 0;
      await inTransaction(c, async () => {
        runs++;
        await Item.create([{ n: runs }]);
        if (runs === 1) await stepDown();
        await Item.create([{ n: runs }]);
      });
      expect(runs).toBeGreaterThanOrEqual(2);
      expect((await Item.find().lean()).map((i) => i.n)).toEqual([runs, runs]);
    });
  }, 30_000);
});
