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
