import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec, type NatsConnection } from 'nats';
import { Subjects, createEvent } from '@forum/contracts';
import { connectNats, publishEvent, PROCESSED_EVENTS_COLLECTION } from '@forum/service-kit';
import {
  captureLogs,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';
import { loadForumConfig } from '../config.js';
import { startForumService, type RunningForum } from '../server.js';

const { logger } = captureLogs('svc-forum-test', 'warn');
let devdb: TestDevDb;
let nats: TestNats;
let producer: NatsConnection;
let service: RunningForum;

beforeAll(async () => {
  [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  producer = await connectNats(nats.url, logger);
  const config = loadForumConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('forum'),
    NATS_URL: nats.url,
  });
  service = await startForumService(config, { handleSignals: false, logger });
});
afterAll(async () => {
  await service?.stop();
  await producer?.close();
  await Promise.all([devdb?.stop(), nats?.stop()]);
});

describe('forum user directory', () => {
  it('records identity.user.registered once and applies identity.user.updated', async () => {
    const userId = '64b7f0c2a1b2c3d4e5f60799';
    const js = producer.jetstream();
    const registered = createEvent(Subjects.UserRegistered, {
      user_id: userId,
      username: 'Frank',
      avatar_url: null,
      created_at: new Date().toISOString(),
      referred_by_user_id: null,
    });
    await publishEvent(js, Subjects.UserRegistered, registered);
    // A copy past de-duplication: must not create or change anything.
    await js.publish(Subjects.UserRegistered, JSONCodec().encode(registered));
    const users = service.conn.collection('directory_users');
    await waitFor(async () => (await users.countDocuments({ username_lower: 'frank' })) === 1);

    const updated = createEvent(
      Subjects.UserUpdated,
      { user_id: userId, username: 'Frank', avatar_url: '/media/avatars/f.webp' },
      new Date(Date.now() + 1000),
    );
    await publishEvent(js, Subjects.UserUpdated, updated);
    await waitFor(
      async () =>
        (await users.findOne({ username: 'Frank' }))?.avatar_url === '/media/avatars/f.webp',
    );
    expect(await users.countDocuments({})).toBe(1);
    expect(
      await service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: registered.id }),
    ).toBe(1);
  });
});
