import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type NatsConnection } from 'nats';
import { Streams, Subjects, createEvent } from '@forum/contracts';
import {
  connectMongo,
  connectNats,
  createEventOutbox,
  publishEvent,
  PROCESSED_EVENTS_COLLECTION,
  PARKED_COLLECTION,
} from '@forum/service-kit';
import {
  captureLogs,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';
import { loadMessagingConfig, type MessagingConfig } from '../config.js';
import { startMessagingService, type RunningMessaging } from '../server.js';
import { DIRECTORY_DURABLE } from './streams.js';

const { logger } = captureLogs('svc-messaging-test', 'warn');
let devdb: TestDevDb;
let nats: TestNats;
let producer: NatsConnection; // stands in for svc-identity
let config: MessagingConfig;
let service: RunningMessaging | undefined;

const registeredData = (username: string, userId: string) => ({
  user_id: userId,
  username,
  avatar_url: null,
  created_at: new Date().toISOString(),
  referred_by_user_id: null,
});
const registered = (username: string, userId: string) =>
  createEvent(Subjects.UserRegistered, registeredData(username, userId));

beforeAll(async () => {
  [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  producer = await connectNats(nats.url, logger);
  config = loadMessagingConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('messaging'),
    NATS_URL: nats.url,
    EVENT_MAX_DELIVER: '2',
  });
});
afterAll(async () => {
  await service?.stop();
  await producer?.close();
  await Promise.all([devdb?.stop(), nats?.stop()]);
});

const start = async () => {
  service = await startMessagingService(config, { handleSignals: false, logger });
  return service;
};
const stop = async () => {
  await service?.stop();
  service = undefined;
};

/** Resolves once the durable consumer has acked everything in the stream. */
async function caughtUp(svc: RunningMessaging) {
  const jsm = await svc.nats.jetstreamManager();
  await waitFor(
    async () => {
      const [stream, consumer] = await Promise.all([
        jsm.streams.info(Streams.identity.name),
        jsm.consumers.info(Streams.identity.name, DIRECTORY_DURABLE),
      ]);
      return (
        consumer.ack_floor.stream_seq >= stream.state.last_seq && consumer.num_ack_pending === 0
      );
    },
    { what: 'consumer caught up', timeoutMs: 15_000 },
  );
}

describe('user directory replica (identity.user.registered -> svc-messaging)', () => {
  it('is ready with Mongo and NATS', async () => {
    const svc = await start();
    const res = await fetch(`${svc.url}/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ checks: { mongo: true, nats: true } });
  });

  it('delivers an event published while the service was down, exactly once', async () => {
    await stop();
    const event = registered('Carol', '64b7f0c2a1b2c3d4e5f60701');
    await publishEvent(producer.jetstream(), Subjects.UserRegistered, event);

    const svc = await start();
    const res = await waitFor(
      async () => {
        const r = await fetch(`${svc.url}/internal/directory/carol`);
        return r.status === 200 ? r : undefined;
      },
      { what: 'directory entry' },
    );
    expect(await res.json()).toEqual({
      user: { id: '64b7f0c2a1b2c3d4e5f60701', username: 'Carol', avatar_url: null },
    });
    await caughtUp(svc);
    expect(await svc.conn.collection('directory_users').countDocuments({})).toBe(1);
    expect(
      await svc.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: event.id, consumer: DIRECTORY_DURABLE }),
    ).toBe(1);
  });

  it('ignores a redelivery of the same event id', async () => {
    const svc = service ?? (await start());
    const event = registered('Dave', '64b7f0c2a1b2c3d4e5f60702');
    await publishEvent(producer.jetstream(), Subjects.UserRegistered, event);
    await caughtUp(svc);
    // A second copy past JetStream's de-duplication, as after the duplicate window.
    await producer.jetstream().publish(Subjects.UserRegistered, JSONCodec().encode(event));
    await caughtUp(svc);
    const users = await svc.conn.collection('directory_users').find({ username: 'Dave' }).toArray();
    expect(users).toHaveLength(1);
    expect(
      await svc.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: event.id, consumer: DIRECTORY_DURABLE }),
    ).toBe(1);
  });

  it('parks an event that breaks the contract and keeps going', async () => {
    const svc = service ?? (await start());
    await producer
      .jetstream()
      .publish(Subjects.UserRegistered, JSONCodec().encode({ id: 'x', username: 'broken' }));
    const after = registered('Erin', '64b7f0c2a1b2c3d4e5f60703');
    await publishEvent(producer.jetstream(), Subjects.UserRegistered, after);
    await caughtUp(svc);
    expect(
      await svc.conn.collection(PARKED_COLLECTION).countDocuments({ durable: DIRECTORY_DURABLE }),
    ).toBe(1);
    expect((await fetch(`${svc.url}/internal/directory/erin`)).status).toBe(200);
  });

  it('gets an event a producer wrote while NATS was down, once NATS is back', async () => {
    const svc = service ?? (await start());
    // The producer side as svc-identity runs it: its own database and event outbox.
    const producerDb = await connectMongo(devdb.uri, devdb.dbName('identity'), logger);
    const outbox = createEventOutbox({
      conn: producerDb,
      js: producer.jetstream(),
      logger,
      pollMs: 100,
    });
    outbox.start();
    try {
      await nats.kill();
      await outbox.add(Subjects.UserRegistered, registeredData('Gina', '64b7f0c2a1b2c3d4e5f60704'));
      await nats.start();
      const res = await waitFor(
        async () => {
          const r = await fetch(`${svc.url}/internal/directory/gina`);
          return r.status === 200 ? r : undefined;
        },
        { what: 'Gina in the directory', timeoutMs: 25_000 },
      );
      expect(await res.json()).toMatchObject({ user: { username: 'Gina' } });
    } finally {
      await outbox.stop();
      await producerDb.close();
    }
  });

  it('answers an unknown username with 404 in the error shape', async () => {
    const svc = service ?? (await start());
    const res = await fetch(`${svc.url}/internal/directory/nobody`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'User not found' });
  });
});
