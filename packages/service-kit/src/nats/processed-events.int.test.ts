import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { connectMongo } from '../mongo.js';
import { captureLogs, startDevDb, waitFor, type TestDevDb } from '../testing/index.js';
import {
  PROCESSED_EVENTS_COLLECTION,
  PROCESSED_EVENT_RETENTION_S,
  processedEventGuard,
} from './processed-events.js';
import { DEFAULT_STREAM_MAX_AGE_MS } from './stream.js';

const { logger } = captureLogs('processed-events-test');
let devdb: TestDevDb;
let conn: Connection;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('processed'), logger);
});
afterAll(async () => {
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await devdb?.stop();
});

const DAY_S = 24 * 60 * 60;

describe('processed events', () => {
  it('are kept longer than the streams keep events', () => {
    expect(PROCESSED_EVENT_RETENTION_S).toBe(30 * DAY_S);
    expect(PROCESSED_EVENT_RETENTION_S * 1000).toBeGreaterThan(DEFAULT_STREAM_MAX_AGE_MS);
  });

  it('expire by a TTL index on processed_at', async () => {
    const guard = processedEventGuard(conn);
    const records = conn.collection(PROCESSED_EVENTS_COLLECTION);
    await conn.models.ProcessedEvent!.init();
    const ttl = (await records.indexes()).find((i) => i.name === 'processed_at_1');
    expect(ttl).toMatchObject({ key: { processed_at: 1 }, expireAfterSeconds: 30 * DAY_S });

    // The dev server sweeps TTL indexes every second: a record older than the retention goes,
    // a fresh one stays (and still makes its event a repeat).
    expect(await guard.once('c1', 'fresh', async () => undefined)).toBe(true);
    await records.insertOne({
      _id: 'c1:old' as never,
      consumer: 'c1',
      event_id: 'old',
      processed_at: new Date(Date.now() - (PROCESSED_EVENT_RETENTION_S + DAY_S) * 1000),
    });
    await waitFor(async () => (await records.countDocuments({ _id: 'c1:old' as never })) === 0, {
      what: 'the expired record swept',
      timeoutMs: 10_000,
    });
    expect(await guard.once('c1', 'fresh', async () => undefined)).toBe(false);
  });
});
