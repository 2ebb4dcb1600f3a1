import { Types } from 'mongoose';
import { JSONCodec, type NatsConnection } from 'nats';
import { Streams, createEvent, type EventData, type EventSubject } from '@forum/contracts';
import { connectNats, publishEvent } from '@forum/service-kit';
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
import { loadMessagingConfig, type MessagingConfig } from '../config.js';
import { startMessagingService, type RunningMessaging } from '../server.js';
import { createMessagingModels, type MessagingModels } from '../models/index.js';

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/**
 * svc-messaging as main.ts runs it (dev DB, real nats-server, outbox, consumers) with test keys,
 * plus a producer connection standing in for identity and forum.
 */
export interface Harness {
  devdb: TestDevDb;
  nats: TestNats;
  keys: TestKeys;
  config: MessagingConfig;
  producer: NatsConnection;
  /** Log lines at error level and above, from every instance. */
  logs: Record<string, unknown>[];
  /** The running instance (start() replaces it). */
  service: RunningMessaging;
  models: MessagingModels;
  start(): Promise<RunningMessaging>;
  stop(): Promise<void>;
  /** Another instance on the same database and NATS (work sharing tests). */
  startExtra(): Promise<RunningMessaging>;
  /** A signed-in user already in the directory replica (no welcome notification). */
  user(username?: string): Promise<TestUser>;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: { as?: TestUser; body?: unknown; rawBody?: string },
  ): Promise<CallResult<T>>;
  publish<S extends EventSubject>(subject: S, data: EventData<S>): Promise<string>;
  /** Publish a raw payload, bypassing the contract and de-duplication (poison, redelivery). */
  publishRaw(subject: string, payload: unknown): Promise<void>;
  /** Until every durable of this service has acked everything in its stream. */
  caughtUp(svc?: RunningMessaging): Promise<void>;
  close(): Promise<void>;
}

let seq = 0;
export const newId = () => new Types.ObjectId().toHexString();

export async function startHarness(): Promise<Harness> {
  // Error lines are kept: tests check that parked messages are logged.
  const { logger, lines } = captureLogs('svc-messaging-test', 'error');
  const [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  const keys = await createTestKeys();
  const producer = await connectNats(nats.url, logger);
  const config = loadMessagingConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    MONGO_URL: devdb.uri,
    MONGO_DB: devdb.dbName('messaging'),
    NATS_URL: nats.url,
    EVENT_MAX_DELIVER: '3',
    EVENT_RETRY_BASE_MS: '50',
  });
  const auth = { publicKey: keys.publicPem };
  const launch = () => startMessagingService(config, { handleSignals: false, logger, auth });
  const extras: RunningMessaging[] = [];

  const h: Harness = {
    devdb,
    nats,
    keys,
    config,
    producer,
    logs: lines,
    service: await launch(),
    models: undefined as unknown as MessagingModels,
    async start() {
      h.service = await launch();
      h.models = createMessagingModels(h.service.conn);
      return h.service;
    },
    async stop() {
      // service-kit's startConsumer misses a stop() that arrives before its first consume()
      // resolves (the loop then waits forever); give the consumers a moment to get there.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await h.service.stop();
    },
    async startExtra() {
      const svc = await launch();
      extras.push(svc);
      return svc;
    },
    async user(username) {
      const id = newId();
      const name = username ?? `user${++seq}${id.slice(-5)}`;
      await h.models.DirectoryUser.create({
        _id: new Types.ObjectId(id),
        username: name,
        username_lower: name.toLowerCase(),
        avatar_url: null,
        registered_at: new Date(),
        updated_at: new Date(),
      });
      return { id, username: name, token: await keys.sign({ id, username: name }) };
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.as) headers.Authorization = `Bearer ${opts.as.token}`;
      let body: string | undefined = opts.rawBody;
      if (opts.body !== undefined) body = JSON.stringify(opts.body);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      const res = await fetch(h.service.url + path, { method, headers, body });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    async publish(subject, data) {
      const event = createEvent(subject, data);
      await publishEvent(producer.jetstream(), subject, event);
      return event.id;
    },
    async publishRaw(subject, payload) {
      await producer.jetstream().publish(subject, JSONCodec().encode(payload));
    },
    async caughtUp(svc = h.service) {
      const jsm = await svc.nats.jetstreamManager();
      await svc.outbox.flush();
      await waitFor(
        async () => {
          for (const stream of Object.values(Streams)) {
            for (const c of await jsm.consumers.list(stream.name).next()) {
              if (c.num_pending > 0 || c.num_ack_pending > 0) return false;
            }
          }
          return true;
        },
        { what: 'consumers caught up', timeoutMs: 20_000 },
      );
    },
    async close() {
      await Promise.all(extras.map((s) => s.stop()));
      await h.service.stop().catch(() => undefined);
      await producer.close();
      await Promise.all([devdb.stop(), nats.stop()]);
    },
  };
  h.models = createMessagingModels(h.service.conn);
  return h;
}

/** forum.comment.created data with sensible defaults. */
export const commentData = (
  over: Partial<EventData<'forum.comment.created'>> = {},
): EventData<'forum.comment.created'> => ({
  comment_id: newId(),
  post_id: newId(),
  post_title: 'A post',
  post_author_id: newId(),
  community_id: newId(),
  parent_id: null,
  parent_author_id: null,
  author_id: newId(),
  author_username: 'commenter',
  content_preview: 'Nice post',
  subscriber_ids: [],
  created_at: new Date().toISOString(),
  ...over,
});
