import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection } from 'mongoose';
import { JSONCodec, type JetStreamClient, type JetStreamManager, type NatsConnection } from 'nats';
import { Streams, Subjects, createEvent, type EventData } from '@forum/contracts';
import { connectMongo } from '../mongo.js';
import {
  captureLogs,
  startDevDb,
  startNats,
  waitFor,
  type TestDevDb,
  type TestNats,
} from '../testing/index.js';
import { connectNats } from './connect.js';
import { createEventOutbox, type ParkedOutboxDoc } from './outbox.js';
import { ensureStream } from './stream.js';

const logs = captureLogs('outbox-test');
let devdb: TestDevDb;
let conn: Connection;
let nats: TestNats;
let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await connectMongo(devdb.uri, devdb.dbName('outbox'), logs.logger);
  nats = await startNats();
  nc = await connectNats(nats.url, logs.logger);
  jsm = await nc.jetstreamManager();
  await ensureStream(jsm, {
    name: Streams.identity.name,
    subjects: [...Streams.identity.subjects],
  });
  await ensureStream(jsm, { name: Streams.forum.name, subjects: [...Streams.forum.subjects] });
});
afterAll(async () => {
  await nc?.close();
  await nats?.stop();
  await conn?.db?.dropDatabase().catch(() => undefined);
  await conn?.close();
  await devdb?.stop();
});

const userUpdated = (username: string): EventData<typeof Subjects.UserUpdated> => ({
  user_id: '64b7f0c2a1b2c3d4e5f60718',
  username,
  avatar_url: null,
});

const id = (n: number) => n.toString(16).padStart(24, '0');

/**
 * A valid forum.comment.created of about 1.2 MB: a comment on a post with 45,000 subscribers,
 * as producers wrote them before the fan-out (over NATS's 1 MB max_payload).
 */
const oversized = (): EventData<typeof Subjects.CommentCreated> => ({
  comment_id: id(1),
  post_id: id(2),
  post_title: 'A popular post',
  post_author_id: id(3),
  community_id: id(4),
  parent_id: null,
  parent_author_id: null,
  author_id: id(5),
  author_username: 'commenter',
  content_preview: 'Hello',
  created_at: new Date().toISOString(),
  subscriber_ids: Array.from({ length: 45_000 }, (_, i) => id(1000 + i)),
});

/** The usernames of the identity events in the stream, in stream order. */
async function publishedUsernames(from: number): Promise<string[]> {
  const info = await jsm.streams.info(Streams.identity.name);
  const codec = JSONCodec<{ username: string }>();
  const out: string[] = [];
  for (let seq = from; seq <= info.state.last_seq; seq++) {
    const msg = await jsm.streams.getMessage(Streams.identity.name, { seq });
    out.push(codec.decode(msg.data).username);
  }
  return out;
}

describe('the outbox relay', () => {
  it('parks an event NATS refuses for good (and invalid ones) and publishes the ones after it', async () => {
    const collection = 'outbox_poison';
    const outbox = createEventOutbox({ conn, js: nc.jetstream(), logger: logs.logger, collection });
    const first = (await jsm.streams.info(Streams.identity.name)).state.last_seq + 1;
    const events = conn.collection(collection);
    // Stored first, relayed in this order: valid, too large, valid, invalid, unknown, valid.
    await outbox.add(Subjects.UserUpdated, userUpdated('before'));
    await outbox.add(Subjects.CommentCreated, oversized());
    await outbox.add(Subjects.UserUpdated, userUpdated('after'));
    await events.insertOne({
      _id: 'not-valid' as never,
      subject: Subjects.UserUpdated,
      event: { username: 'no id, no envelope' },
      created_at: new Date(),
    });
    await events.insertOne({
      _id: 'unknown-subject' as never,
      subject: 'forum.nothing.happened',
      event: {},
      created_at: new Date(),
    });
    await outbox.add(Subjects.UserUpdated, userUpdated('last'));

    await waitFor(async () => (await events.countDocuments({})) === 0, {
      what: 'the outbox drained',
    });
    await outbox.flush();
    expect(await publishedUsernames(first)).toEqual(['before', 'after', 'last']);
    const parked = await conn
      .collection<ParkedOutboxDoc>(`${collection}_parked`)
      .find({})
      .sort({ created_at: 1 })
      .toArray();
    expect(parked.map((p) => [p.subject, p.reason.split(':')[0], p.attempts])).toEqual([
      [Subjects.CommentCreated, 'MAX_PAYLOAD_EXCEEDED', 1],
      [Subjects.UserUpdated, 'invalid event', 1],
      ['forum.nothing.happened', 'no event schema for subject forum.nothing.happened', 1],
    ]);
    // Kept whole for a replay.
    expect((parked[0]!.event as { subscriber_ids: string[] }).subscriber_ids).toHaveLength(45_000);
    expect(logs.lines.filter((l) => l.msg === 'outbox event parked')).toHaveLength(3);
    await outbox.stop();
  });

  it('keeps every event, in order, while NATS is down, and parks none', async () => {
    const collection = 'outbox_outage';
    // Short publish timeouts, so each relay pass during the outage ends quickly.
    const outbox = createEventOutbox({
      conn,
      js: nc.jetstream({ timeout: 300 }),
      logger: logs.logger,
      collection,
      pollMs: 50,
      maxAttempts: 2,
    });
    const first = (await jsm.streams.info(Streams.identity.name)).state.last_seq + 1;
    outbox.start();
    await nats.kill();
    try {
      for (const name of ['o1', 'o2', 'o3', 'o4']) {
        await outbox.add(Subjects.UserUpdated, userUpdated(name));
      }
      // Many passes fail meanwhile (more than maxAttempts): none may count against an event.
      await new Promise((r) => setTimeout(r, 1500));
      expect(await conn.collection(collection).countDocuments({})).toBe(4);
      expect(await conn.collection(collection).countDocuments({ attempts: { $gt: 0 } })).toBe(0);
    } finally {
      await nats.start();
    }
    await waitFor(async () => (await conn.collection(collection).countDocuments({})) === 0, {
      what: 'the outbox drained',
      timeoutMs: 20_000,
    });
    expect(await publishedUsernames(first)).toEqual(['o1', 'o2', 'o3', 'o4']);
    expect(await conn.collection(`${collection}_parked`).countDocuments({})).toBe(0);
    await outbox.stop();
  });

  it('parks an event that keeps failing while NATS answers, after maxAttempts passes', async () => {
    const collection = 'outbox_stubborn';
    const published: string[] = [];
    // A stream refusing one event (say, a per-subject limit): the same answer on every attempt.
    const js = {
      publish: async (_subject: string, data: Uint8Array) => {
        const { username } = JSONCodec<{ username: string }>().decode(data);
        if (username === 'stubborn') {
          throw Object.assign(new Error('maximum messages per subject exceeded'), { code: '400' });
        }
        published.push(username);
        return { seq: published.length };
      },
    } as unknown as JetStreamClient;
    const outbox = createEventOutbox({ conn, js, logger: logs.logger, collection, maxAttempts: 3 });
    // Stored as add() stores them, without add()'s immediate pass: each flush below is one pass.
    for (const [i, name] of ['s1', 'stubborn', 's2'].entries()) {
      const event = createEvent(Subjects.UserUpdated, userUpdated(name));
      await conn.collection(collection).insertOne({
        _id: event.id as never,
        subject: Subjects.UserUpdated,
        event,
        created_at: new Date(Date.now() + i),
      });
    }
    // One pass per flush: the stubborn event stops the first two (order kept), then is parked.
    await outbox.flush();
    expect(published).toEqual(['s1']);
    await outbox.flush();
    expect(published).toEqual(['s1']);
    await outbox.flush();
    expect(published).toEqual(['s1', 's2']);
    const [parked] = await conn
      .collection<ParkedOutboxDoc>(`${collection}_parked`)
      .find()
      .toArray();
    expect(parked).toMatchObject({
      attempts: 3,
      reason: '400: maximum messages per subject exceeded',
    });
    expect(await conn.collection(collection).countDocuments({})).toBe(0);
  });
});
