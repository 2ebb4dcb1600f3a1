import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import type { JetStreamClient, NatsConnection } from 'nats';
import { Streams, Subjects, createEvent } from '@forum/contracts';
import { connectMongo } from '../mongo.js';
import { connectNats } from './connect.js';
import { publishEvent } from './publish.js';
import { ensureStream } from './stream.js';
import { startEventHandlers } from './event-handlers.js';
import type { RunningConsumer } from './consumer.js';
import {
  captureLogs,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '../testing/index.js';

const { logger } = captureLogs('event-handlers-test');
let devdb: TestDevDb;
let conn: Connection;
let nats: TestNats;
let nc: NatsConnection;
let js: JetStreamClient;
const running: RunningConsumer[] = [];

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('handlers'), logger);
  nats = await startNats();
  nc = await connectNats(nats.url, logger);
  js = nc.jetstream();
  await ensureStream(await nc.jetstreamManager(), {
    ...Streams.identity,
    subjects: [...Streams.identity.subjects],
  });
});
afterAll(async () => {
  await Promise.all(running.map((c) => c.stop()));
  await nc?.close();
  await nats?.stop();
  await conn?.db?.dropDatabase();
  await conn?.close();
  await devdb?.stop();
});

describe('startEventHandlers({ transactional: true })', () => {
  it('applies an effect of several writes exactly once, also when an attempt dies midway', async () => {
    const effects = conn.collection('effects');
    let attempts = 0;
    running.push(
      await startEventHandlers({
        js,
        conn,
        logger,
        durable: 'transactional-test',
        stream: Streams.identity.name,
        transactional: true,
        backoffBaseMs: 20,
        handlers: {
          [Subjects.UserUpdated]: async (event, { session }) => {
            attempts++;
            await effects.insertOne({ event: event.id, part: 1 }, { session });
            // The first attempt dies between its two writes: nothing of it may remain.
            if (attempts === 1) throw new Error('crash between the writes');
            await effects.insertOne({ event: event.id, part: 2 }, { session });
          },
        },
      }),
    );
    const event = createEvent(Subjects.UserUpdated, {
      user_id: '64b7f0c2a1b2c3d4e5f60718',
      username: 'twice',
      avatar_url: null,
    });
    await publishEvent(js, Subjects.UserUpdated, event);
    await waitFor(async () => (await effects.countDocuments({ event: event.id })) === 2, {
      what: 'both writes of the second attempt',
    });
    // A redelivery of the same event (a lost ack) changes nothing.
    await js.publish(Subjects.UserUpdated, new TextEncoder().encode(JSON.stringify(event)));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await effects.find({ event: event.id }).sort({ part: 1 }).toArray()).toMatchObject([
      { part: 1 },
      { part: 2 },
    ]);
    expect(attempts).toBe(2);
  });
});
