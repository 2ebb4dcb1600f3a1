import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Schema, type Connection } from 'mongoose';
import { connectMongo, isMongoReady } from './mongo.js';
import { createApp } from './http/create-app.js';
import { inTransaction } from './transactions.js';
import { captureLogs, serve, startDevDb, type ServedApp, type TestDevDb } from './testing/index.js';

// A primary election, simulated by the dev server's replSetStepDown (MongoDB: force: true on a
// single-node set). The service runs with the production defaults of connectMongo.
const { logger } = captureLogs('elections-test');
const STEP_DOWN_S = 3;
let devdb: TestDevDb;
let conn: Connection;
let served: ServedApp;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('election'), logger);
  const Note = conn.model('Note', new Schema({ n: Number }));
  const app = createApp({ name: 'kit', logger, database: conn });
  app.use(async (ctx) => {
    const n = Number(ctx.path.split('/').at(-1));
    if (ctx.path.startsWith('/api/notes/')) {
      // Two writes that stand or fall together: re-run from the start on a transient error.
      await inTransaction(conn, async (session) => {
        await Note.create([{ n }]);
        await conn
          .collection('tallies')
          .updateOne({ _id: 'notes' as never }, { $inc: { count: 1 } }, { upsert: true, session });
      });
    } else if (ctx.path.startsWith('/api/votes/')) {
      // A single retryable write (retried once by the driver after meeting the old primary).
      await conn
        .collection('votes')
        .updateOne({ _id: n as never }, { $inc: { votes: 1 } }, { upsert: true });
    } else return;
    ctx.status = 201;
    ctx.body = { n };
  });
  served = await serve(app);
});
afterAll(async () => {
  await served?.close();
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await devdb?.stop();
});

interface Answer {
  status: number;
  ms: number;
}

describe('a primary election', () => {
  it('delays writes issued during it (no 503), each applied exactly once', async () => {
    const answers: Promise<Answer>[] = [];
    const send = (path: string) =>
      answers.push(
        (async () => {
          const started = performance.now();
          const res = await served.fetch(path, { method: 'POST' });
          await res.arrayBuffer();
          return { status: res.status, ms: performance.now() - started };
        })(),
      );
    // Writes every 100 ms from before the step-down until after it: some are in flight when the
    // primary closes its connections (transactions: re-run), most arrive while there is none.
    // Single writes go only once it stepped down: one cut off in flight by the closed connection
    // fails on the dev server, which closes connections where MongoDB keeps them. At most ~70
    // wait at once: the dev server's database lock makes more than the driver's 100 pooled
    // connections deadlock (all held by commands queued behind a transaction that needs one).
    let n = 0;
    let steppedDown = false;
    const ticker = setInterval(() => {
      n++;
      send(`/api/notes/${n}`);
      if (steppedDown) send(`/api/votes/${n}`);
    }, 100);
    await new Promise((r) => setTimeout(r, 300));
    await conn.db!.admin().command({ replSetStepDown: STEP_DOWN_S, force: true });
    const steppedDownAt = performance.now();
    steppedDown = true;
    // A member (now a secondary) answers, so the service stays ready.
    expect(await isMongoReady(conn)).toBe(true);
    await new Promise((r) => setTimeout(r, STEP_DOWN_S * 1000 + 500));
    clearInterval(ticker);
    const settled = await Promise.all(answers);

    const statuses = new Map<number, number>();
    for (const a of settled) statuses.set(a.status, (statuses.get(a.status) ?? 0) + 1);
    expect(Object.fromEntries(statuses)).toEqual({ 201: settled.length });
    const slowest = Math.max(...settled.map((a) => a.ms));
    logger.info({ requests: settled.length, slowestMs: Math.round(slowest) }, 'election');
    // They waited for the new primary (about the step-down) instead of failing.
    expect(slowest).toBeGreaterThan(1000);
    expect(slowest).toBeLessThan(STEP_DOWN_S * 1000 + 2000);
    expect(performance.now() - steppedDownAt).toBeGreaterThan(STEP_DOWN_S * 1000);

    // Nothing lost, nothing applied twice.
    expect(await conn.collection('notes').countDocuments()).toBe(n);
    const tally = await conn.collection('tallies').findOne({ _id: 'notes' as never });
    expect(tally?.count).toBe(n);
    const votes = await conn.collection('votes').find().toArray();
    expect(votes.length).toBe(settled.length - n);
    expect(votes.every((v) => v.votes === 1)).toBe(true);
  }, 30_000);
});
