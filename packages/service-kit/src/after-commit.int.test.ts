import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mongo, Schema, type Connection } from 'mongoose';
import { afterCommit } from './after-commit.js';
import { connectMongo } from './mongo.js';
import { captureLogs, startDevDb, type TestDevDb } from './testing/index.js';
import { inTransaction } from './transactions.js';

// afterCommit wraps the session's startTransaction and commitTransaction: these pin down that it
// tells a commit from an abort and from an attempt withTransaction ran again.

const { logger } = captureLogs('after-commit-test');
let devdb: TestDevDb;
let conn: Connection;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('after_commit'), logger);
});
afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

const Note = () => conn.models.Note ?? conn.model('Note', new Schema({ text: String }));

/** What a write conflict looks like to withTransaction: it runs the work again. */
const transientError = () =>
  new mongo.MongoServerError({
    message: 'write conflict',
    errorLabels: [mongo.MongoErrorLabel.TransientTransactionError],
  });

describe('afterCommit', () => {
  it('runs once the transaction committed, for the attempt that committed only', async () => {
    const ran: number[] = [];
    let attempts = 0;
    await inTransaction(conn, async (session) => {
      const attempt = ++attempts;
      await Note().create([{ text: `attempt ${attempt}` }]);
      afterCommit(session, () => ran.push(attempt));
      expect(ran).toEqual([]); // not before the commit
      if (attempt === 1) throw transientError();
    });
    expect(attempts).toBe(2);
    expect(ran).toEqual([2]);
    expect(await Note().countDocuments({ text: /^attempt/ })).toBe(1);
  });

  it('never runs for a transaction that aborted', async () => {
    const ran: string[] = [];
    await expect(
      inTransaction(conn, async (session) => {
        await Note().create([{ text: 'undone' }]);
        afterCommit(session, () => ran.push('undone'));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(ran).toEqual([]);
    expect(await Note().countDocuments({ text: 'undone' })).toBe(0);
  });

  it('keeps a commit committed when what runs after it throws, and runs the rest', async () => {
    const ran: string[] = [];
    await inTransaction(conn, async (session) => {
      await Note().create([{ text: 'kept' }]);
      afterCommit(session, () => {
        throw new Error('hint failed');
      });
      afterCommit(session, () => ran.push('second'));
    });
    expect(ran).toEqual(['second']);
    expect(await Note().countDocuments({ text: 'kept' })).toBe(1);
  });
});
