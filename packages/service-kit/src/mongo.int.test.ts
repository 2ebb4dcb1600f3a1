import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { Subjects, Streams } from '@forum/contracts';
import { connectMongo, isMongoReady } from './mongo.js';
import { createApp } from './http/create-app.js';
import { dependencyReadiness } from './readiness.js';
import { processedEventGuard } from './nats/processed-events.js';
import { createEventOutbox } from './nats/outbox.js';
import { connectNats } from './nats/connect.js';
import { ensureStream } from './nats/stream.js';
import { start as startDevServer } from '@forum/devdb';
import {
  captureLogs,
  freePort,
  serve,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
} from './testing/index.js';

const { logger } = captureLogs('mongo-test');
let devdb: TestDevDb;
let conn: Connection;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('kit'), logger, {
    serverSelectionTimeoutMS: 500,
  });
});
afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

describe('connectMongo', () => {
  it('connects to the dev server and reports ready', async () => {
    expect(await isMongoReady(conn)).toBe(true);
    const app = createApp({ name: 'kit', logger, ready: dependencyReadiness({ mongo: conn }) });
    const served = await serve(app);
    try {
      const res = await served.fetch('/ready');
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ checks: { mongo: true } });
    } finally {
      await served.close();
    }
  });
});

describe('processedEventGuard', () => {
  it('runs an effect once per consumer and event id', async () => {
    const guard = processedEventGuard(conn);
    let runs = 0;
    const effect = async () => void runs++;
    expect(await guard.once('c1', 'e1', effect)).toBe(true);
    expect(await guard.once('c1', 'e1', effect)).toBe(false);
    expect(await guard.once('c2', 'e1', effect)).toBe(true);
    expect(runs).toBe(2);
  });
});

describe('event outbox', () => {
  it('keeps events written while NATS is down and publishes them when it is back', async () => {
    const nats = await startNats();
    const nc = await connectNats(nats.url, logger);
    try {
      const js = nc.jetstream();
      const jsm = await nc.jetstreamManager();
      await ensureStream(jsm, {
        name: Streams.identity.name,
        subjects: [...Streams.identity.subjects],
      });
      const outbox = createEventOutbox({
        conn,
        js,
        logger,
        pollMs: 100,
        collection: 'outbox_test',
      });
      outbox.start();

      await nats.kill();
      await outbox.add(Subjects.UserUpdated, {
        user_id: '64b7f0c2a1b2c3d4e5f60718',
        username: 'offline',
        avatar_url: null,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(await conn.collection('outbox_test').countDocuments({})).toBe(1);

      await nats.start();
      await waitFor(async () => (await conn.collection('outbox_test').countDocuments({})) === 0, {
        what: 'outbox drained',
        timeoutMs: 20_000,
      });
      const info = await jsm.streams.info(Streams.identity.name);
      expect(info.state.messages).toBe(1);
      await outbox.stop();
    } finally {
      await nc.close();
      await nats.stop();
    }
  });
});

describe('readiness when NATS goes away', () => {
  it('turns /ready into 503 naming nats, and back to 200 when it returns', async () => {
    const nats = await startNats();
    const nc = await connectNats(nats.url, logger);
    const ready = dependencyReadiness({ mongo: conn, nats: nc });
    const served = await serve(createApp({ name: 'kit', logger, ready }));
    try {
      expect((await served.fetch('/ready')).status).toBe(200);
      await nats.kill();
      const down = await waitFor(
        async () => {
          const r = await served.fetch('/ready');
          return r.status === 503 ? r : undefined;
        },
        { what: '503' },
      );
      expect(await down.json()).toMatchObject({ checks: { mongo: true, nats: false } });
      await nats.start();
      await waitFor(async () => (await served.fetch('/ready')).status === 200, {
        what: 'ready again',
        timeoutMs: 15_000,
      });
    } finally {
      await served.close();
      await nc.close();
      await nats.stop();
    }
  });
});

describe('readiness when the database goes away', () => {
  it('turns /ready into 503 naming mongo, and 200 again once it is back', async () => {
    const own = await startDevDb();
    let back: { stop(): Promise<void> } | undefined;
    const c = await connectMongo(own.uri, own.dbName('gone'), logger, {
      serverSelectionTimeoutMS: 300,
    });
    const served = await serve(
      createApp({ name: 'kit', logger, ready: dependencyReadiness({ mongo: c }) }),
    );
    try {
      expect((await served.fetch('/ready')).status).toBe(200);
      await own.stop();
      const res = await waitFor(
        async () => {
          const r = await served.fetch('/ready');
          return r.status === 503 ? r : undefined;
        },
        { what: '503', timeoutMs: 10_000 },
      );
      expect(await res.json()).toMatchObject({
        checks: { mongo: false },
        error: expect.stringContaining('mongo'),
      });
      // Same port again: the driver reconnects by itself.
      const port = Number(new URL(own.uri).port);
      back = await startDevServer({ port });
      await waitFor(async () => (await served.fetch('/ready')).status === 200, {
        what: 'ready again',
        timeoutMs: 20_000,
      });
    } finally {
      await served.close();
      await c.close(true).catch(() => undefined);
      await back?.stop();
    }
  });
});

describe('API requests when the database goes away', () => {
  it('answer 503 {error} within a second, and succeed again once it is back', async () => {
    const own = await startDevDb();
    let back: { stop(): Promise<void> } | undefined;
    // The production default selection timeout: the point is what services really do.
    const c = await connectMongo(own.uri, own.dbName('guard'), logger);
    const app = createApp({ name: 'kit', logger, database: c });
    app.use(async (ctx) => {
      if (ctx.path !== '/api/things') return;
      ctx.body = { count: await c.collection('things').countDocuments() };
    });
    const served = await serve(app);
    try {
      await c.collection('things').insertOne({ n: 1 });
      expect(await (await served.fetch('/api/things')).json()).toEqual({ count: 1 });
      await own.stop();
      for (let i = 0; i < 5; i++) {
        const started = performance.now();
        const res = await served.fetch('/api/things');
        const ms = performance.now() - started;
        expect(res.status).toBe(503);
        expect(await res.json()).toEqual({ error: 'Service unavailable' });
        expect(ms).toBeLessThan(1000);
      }
      // Probes still answer while the database is away.
      expect((await served.fetch('/health')).status).toBe(200);
      const port = Number(new URL(own.uri).port);
      back = await startDevServer({ port });
      await waitFor(async () => (await served.fetch('/api/things')).status === 200, {
        what: 'requests succeed again',
        timeoutMs: 20_000,
      });
    } finally {
      await served.close();
      await c.close(true).catch(() => undefined);
      await back?.stop();
    }
  });
});

describe('connection attempts against a dead database', () => {
  it("are not retried with the driver's overload backoff (up to 600 ms before the 503)", async () => {
    // The timing itself is measured end to end by system/faults/db-outage.spec.ts.
    expect(conn.getClient().options.maxAdaptiveRetries).toBe(0);
  });
});

describe('connectMongo at start-up', () => {
  it('waits for a database that is not up yet', async () => {
    const port = await freePort();
    const starting = connectMongo(`mongodb://127.0.0.1:${port}`, 'late', logger, {
      serverSelectionTimeoutMS: 200,
    });
    await new Promise((r) => setTimeout(r, 800));
    const server = await startDevServer({ port });
    const c = await starting;
    try {
      expect(await isMongoReady(c)).toBe(true);
    } finally {
      await c.close();
      await server.stop();
    }
  });
});
