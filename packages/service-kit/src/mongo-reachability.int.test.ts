import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo } from './mongo.js';
import { LOST_MEMBER_GRACE_MS } from './mongo-reachability.js';
import { createApp } from './http/create-app.js';
import { captureLogs, freePort, serve, waitFor, type ServedApp } from './testing/index.js';

// The dev server in its own process, so that it can be paused (SIGSTOP: its sockets stay open and
// nothing answers, which is exactly how a server busy with a long operation looks to the driver)
// and killed (its address then refuses connections). Always the dev server, also under MONGO_URL:
// this is about what the driver reports of a process, not about MongoDB's behaviour.
const DEVDB_CLI = fileURLToPath(new URL('../../devdb/src/cli.ts', import.meta.url));
// The driver reports a silent server after connectTimeoutMS past its heartbeat (1 s here); with
// the production 30 s that is half a minute, so the test shortens it to see it within a pause of
// about two seconds.
const CONNECT_TIMEOUT_MS = 300;

const { logger } = captureLogs('reachability-test');
let devdb: ChildProcess;
let conn: Connection;
let served: ServedApp;

async function startDevDbProcess(): Promise<{ child: ChildProcess; uri: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--conditions=source', '--import', 'tsx', DEVDB_CLI, '--port', String(port), '--quiet'],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  // Its first line on stdout is its URI, printed once it listens.
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
  return { child, uri: chunk.toString().trim() };
}

interface Answer {
  path: string;
  sentAt: number;
  status: number;
  ms: number;
}

beforeAll(async () => {
  const started = await startDevDbProcess();
  devdb = started.child;
  conn = await connectMongo(started.uri, 'reachability', logger, {
    connectTimeoutMS: CONNECT_TIMEOUT_MS,
  });
  const app = createApp({ name: 'kit', logger, database: conn });
  // A write and a read per request: a counter per request id, which must end at exactly 1.
  app.use(async (ctx) => {
    if (!ctx.path.startsWith('/api/notes/')) return;
    const n = Number(ctx.path.split('/').at(-1));
    const notes = conn.collection<{ _id: number; writes: number }>('notes');
    await notes.updateOne({ _id: n }, { $inc: { writes: 1 } }, { upsert: true });
    ctx.body = await notes.findOne({ _id: n });
    ctx.status = 201;
  });
  served = await serve(app);
}, 30_000);

afterAll(async () => {
  await served?.close();
  await conn?.close(true);
  if (devdb && devdb.exitCode === null && devdb.signalCode === null) {
    devdb.kill('SIGKILL');
    await once(devdb, 'exit');
  }
});

async function send(path: string, t0: number): Promise<Answer> {
  const sentAt = performance.now();
  const res = await served.fetch(path, { method: 'POST' });
  await res.arrayBuffer();
  return { path, sentAt: sentAt - t0, status: res.status, ms: performance.now() - sentAt };
}

describe('the database guard', () => {
  it('waits for a paused database: requests sent during the pause answer 2xx once it resumes', async () => {
    const client = conn.getClient();
    const t0 = performance.now();
    let timedOutAt: number | undefined;
    client.on('serverHeartbeatFailed', (event) => {
      if (event.failure.name === 'MongoNetworkTimeoutError') timedOutAt ??= performance.now() - t0;
    });
    const answers: Answer[] = [];
    let n = 0;
    for (let i = 0; i < 3; i++) answers.push(await send(`/api/notes/${++n}`, t0));
    const waiting: Promise<Answer>[] = [];
    let ticker: NodeJS.Timeout | undefined;
    try {
      devdb.kill('SIGSTOP');
      const pausedAt = performance.now() - t0;
      // The driver reports the silence as a timed-out check, not as a closed connection. Requests
      // go out from then on: before it they only wait on their sockets, and with the shortened
      // timeout one that needs a new connection would fail its handshake (30 s in production,
      // past the gateway's timeout; the fault spec db-slow covers that window as deployed).
      await waitFor(() => timedOutAt !== undefined, {
        what: 'the driver to report a timed-out check',
        timeoutMs: 15_000,
      });
      ticker = setInterval(() => waiting.push(send(`/api/notes/${++n}`, t0)), 100);
      // The pause lasts well past the grace a lost member gets, so requests arrive after it would
      // have run out (the guard used to answer them 503 then).
      await new Promise((resolve) => setTimeout(resolve, 3 * LOST_MEMBER_GRACE_MS));
      devdb.kill('SIGCONT');
      const resumedAt = performance.now() - t0;
      const sentBeforeResume = n;
      await waitFor(() => n >= sentBeforeResume + 3, { what: 'requests after the pause' });
      clearInterval(ticker);
      answers.push(...(await Promise.all(waiting)));
      const during = answers.filter((a) => a.sentAt >= pausedAt && a.sentAt < resumedAt);
      console.log(
        `[reachability] paused at ${Math.round(pausedAt)} ms, driver reported a timeout at ` +
          `${Math.round(timedOutAt!)} ms, resumed at ${Math.round(resumedAt)} ms; ` +
          `${answers.length} requests, ${during.length} sent during the pause answered in ` +
          `${Math.round(Math.min(...during.map((a) => a.ms)))}-` +
          `${Math.round(Math.max(...during.map((a) => a.ms)))} ms`,
      );
      expect(answers.filter((a) => a.status !== 201)).toEqual([]);
      expect(during.length, 'requests sent during the pause').toBeGreaterThan(5);
      // Each request's write applied once.
      const notes = await conn
        .collection<{ _id: number; writes: number }>('notes')
        .find({ _id: { $lte: n } })
        .toArray();
      expect(notes.length).toBe(answers.length);
      expect(notes.filter((note) => note.writes !== 1)).toEqual([]);
    } finally {
      clearInterval(ticker);
      if (devdb.exitCode === null) devdb.kill('SIGCONT');
      await Promise.allSettled(waiting);
    }
  }, 60_000);

  it('answers 503 at once while the database is dead', async () => {
    devdb.kill('SIGKILL');
    await once(devdb, 'exit');
    const t0 = performance.now();
    const answers: Answer[] = [];
    // The first right after the loss (the driver has not noticed yet), then once it has.
    for (let i = 0; i < 6; i++) answers.push(await send(`/api/notes/${100_000 + i}`, t0));
    console.log(
      `[reachability] database killed: ${answers.map((a) => `${a.status} in ${Math.round(a.ms)} ms`).join(', ')}`,
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 503));
    // At once, not after the 8 s server selection a slow database is given.
    expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(1000);
  });
});
