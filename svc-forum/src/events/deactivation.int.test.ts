import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import type { NatsConnection } from 'nats';
import { Subjects, createEvent, type EventData } from '@forum/contracts';
import { connectNats, publishEvent, PROCESSED_EVENTS_COLLECTION } from '@forum/service-kit';
import {
  captureLogs,
  createTestKeys,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestKeys,
  type TestNats,
} from '@forum/service-kit/testing';
import { loadForumConfig } from '../config.js';
import { startForumService, type RunningForum } from '../server.js';
import { communityBody, uniqueName } from '../test-support/harness.js';

// Issue 4: a deactivated account's access token (valid up to 15 more minutes) is refused here
// as soon as identity.user.updated {is_active: false} arrives, and accepted again on reactivation.

const { logger } = captureLogs('svc-forum-test', 'warn');
let devdb: TestDevDb;
let nats: TestNats;
let keys: TestKeys;
let producer: NatsConnection;
let service: RunningForum;

beforeAll(async () => {
  [devdb, nats, keys] = await Promise.all([startDevDb(), startNats(), createTestKeys()]);
  producer = await connectNats(nats.url, logger);
  const config = loadForumConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('forum'),
    NATS_URL: nats.url,
  });
  service = await startForumService(config, {
    handleSignals: false,
    logger,
    auth: { publicKey: keys.publicPem },
  });
});
afterAll(async () => {
  await service?.stop();
  await producer?.close();
  await Promise.all([devdb?.stop(), nats?.stop()]);
});

/** Minutes from now, so each event is newer (or deliberately older) than the last. */
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function publish<S extends typeof Subjects.UserRegistered | typeof Subjects.UserUpdated>(
  subject: S,
  data: EventData<S>,
  occurredAt: Date,
): Promise<string> {
  const event = createEvent(subject, data, occurredAt);
  await publishEvent(producer.jetstream(), subject, event);
  return event.id;
}

const setActive = (user: { id: string; username: string }, is_active: boolean, when: Date) =>
  publish(
    Subjects.UserUpdated,
    { user_id: user.id, username: user.username, avatar_url: null, is_active },
    when,
  );

async function newUser(username: string) {
  const id = new Types.ObjectId().toHexString();
  return { id, username, token: await keys.sign({ id, username, isAdmin: false }) };
}

async function createCommunity(token: string) {
  const res = await fetch(`${service.url}/api/communities`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(communityBody(uniqueName())),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const listCommunities = async (token?: string) =>
  (
    await fetch(`${service.url}/api/communities`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    })
  ).status;

const processed = (eventId: string) =>
  waitFor(
    async () =>
      (await service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: eventId })) === 1,
    { what: `event ${eventId} handled`, timeoutMs: 20_000 },
  );

const DEACTIVATED = { status: 401, body: { error: 'Account is deactivated' } };

describe('deactivated accounts (identity.user.updated is_active)', () => {
  it('refuses the token after deactivation and accepts it again after reactivation', async () => {
    const user = await newUser(`Dora${Date.now().toString(36)}`);
    await publish(
      Subjects.UserRegistered,
      {
        user_id: user.id,
        username: user.username,
        avatar_url: null,
        created_at: at(-10).toISOString(),
        referred_by_user_id: null,
      },
      at(-10),
    );
    const users = service.conn.collection('directory_users');
    await waitFor(
      async () => (await users.findOne({ username: user.username }))?.is_active === true,
    );
    expect((await createCommunity(user.token)).status).toBe(201);

    await setActive(user, false, at(0));
    // The request itself is the probe: the answer may be cached for up to the TTL elsewhere.
    await waitFor(async () => (await createCommunity(user.token)).status === 401, {
      what: 'deactivation applied',
      timeoutMs: 20_000,
    });
    expect(await createCommunity(user.token)).toEqual(DEACTIVATED);
    // optionalAuth routes refuse the token too; anonymous reads are unaffected.
    expect(await listCommunities(user.token)).toBe(401);
    expect(await listCommunities()).toBe(200);

    // An older event (reactivation from before the deactivation) is ignored.
    await processed(await setActive(user, true, at(-1)));
    expect(await createCommunity(user.token)).toEqual(DEACTIVATED);
    expect((await users.findOne({ username: user.username }))?.is_active).toBe(false);

    await setActive(user, true, at(1));
    await waitFor(async () => (await createCommunity(user.token)).status === 201, {
      what: 'reactivation applied',
      timeoutMs: 20_000,
    });
    expect(await listCommunities(user.token)).toBe(200);
  });

  it('records a deactivation for a user the directory has not seen yet', async () => {
    const user = await newUser(`Nell${Date.now().toString(36)}`);
    await processed(await setActive(user, false, at(0)));
    expect(await createCommunity(user.token)).toEqual(DEACTIVATED);
    // identity.user.registered arriving later keeps the deactivation and fills in the real date.
    const createdAt = at(-30);
    await processed(
      await publish(
        Subjects.UserRegistered,
        {
          user_id: user.id,
          username: user.username,
          avatar_url: null,
          created_at: createdAt.toISOString(),
          referred_by_user_id: null,
        },
        at(-30),
      ),
    );
    const doc = await service.conn
      .collection('directory_users')
      .findOne({ username: user.username });
    expect(doc).toMatchObject({ is_active: false, registered_at: createdAt });
    expect(await createCommunity(user.token)).toEqual(DEACTIVATED);
  });

  it('lets a user the directory does not know act (missing counts as active)', async () => {
    const user = await newUser(`Otto${Date.now().toString(36)}`);
    expect((await createCommunity(user.token)).status).toBe(201);
  });
});
