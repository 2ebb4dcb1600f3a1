import { randomBytes } from 'node:crypto';
import { JSONCodec, type NatsConnection } from 'nats';
import {
  Subjects,
  createEvent,
  type EventData,
  type Message,
  type Notification,
} from '@forum/contracts';
import { connectNats, createLivePublisher, type LivePublisher } from '@forum/service-kit';
import {
  captureLogs,
  createTestKeys,
  startNats,
  type TestKeys,
  type TestNats,
} from '@forum/service-kit/testing';
import { loadStreamConfig } from '../config.js';
import { startStreamService, type RunningStream } from '../server.js';
import {
  startFakeForum,
  startFakeMessaging,
  type FakeForum,
  type FakeMessaging,
} from './fake-services.js';
import { openSse, type SseClient } from './sse-client.js';

export interface TestUser {
  id: string;
  username: string;
  token: string;
}

/**
 * svc-stream as main.ts runs it, on a real nats-server, with test keys and small real HTTP
 * servers standing in for forum and messaging; a producer connection publishes what they would.
 */
export interface Harness {
  nats: TestNats;
  keys: TestKeys;
  messaging: FakeMessaging;
  forum: FakeForum;
  producer: NatsConnection;
  live: LivePublisher;
  /** Log lines at warn and above, from every instance. */
  logs: Record<string, unknown>[];
  /** Start an instance; env overrides the test defaults. Closed by close(). */
  start(env?: Record<string, string>): Promise<RunningStream>;
  user(): Promise<TestUser>;
  open(svc: RunningStream, opts?: { token?: string; post?: string }): Promise<SseClient>;
  /** Publishes a comment; `count` of them at once (one flush). */
  publishComment(data: Partial<EventData<'forum.comment.created'>>, count?: number): Promise<void>;
  publishUserUpdated(user: TestUser, isActive: boolean): Promise<void>;
  /** Until this instance's NATS subscriptions are registered on the server. */
  flush(svc: RunningStream): Promise<void>;
  close(): Promise<void>;
}

/** An ObjectId-shaped id. */
export const newId = () => randomBytes(12).toString('hex');
const codec = JSONCodec();
let seq = 0;

export async function startHarness(): Promise<Harness> {
  const { logger, lines } = captureLogs('svc-stream-test', 'warn');
  const [nats, keys, messaging, forum] = await Promise.all([
    startNats(),
    createTestKeys(),
    startFakeMessaging(),
    startFakeForum(),
  ]);
  const producer = await connectNats(nats.url, logger);
  const instances: RunningStream[] = [];
  const publishOne = (data: Partial<EventData<'forum.comment.created'>>) => {
    const event = createEvent(Subjects.CommentCreated, {
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
      created_at: new Date().toISOString(),
      ...data,
    });
    producer.publish(Subjects.CommentCreated, codec.encode(event));
  };
  const h: Harness = {
    nats,
    keys,
    messaging,
    forum,
    producer,
    live: createLivePublisher(producer, logger),
    logs: lines,
    async start(env = {}) {
      const config = loadStreamConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        NATS_URL: nats.url,
        FORUM_URL: forum.url,
        MESSAGING_URL: messaging.url,
        STREAM_UPSTREAM_TIMEOUT_MS: '2000',
        ...env,
      });
      const svc = await startStreamService(config, {
        handleSignals: false,
        logger,
        auth: { publicKey: keys.publicPem },
      });
      instances.push(svc);
      await h.flush(svc);
      return svc;
    },
    async user() {
      const id = newId();
      const username = `user${++seq}`;
      return { id, username, token: await keys.sign({ id, username }) };
    },
    open: (svc, { token, post } = {}) => openSse(svc.url, { token, post }),
    async publishComment(data, count = 1) {
      for (let i = 0; i < count; i++) publishOne(data);
      await producer.flush();
    },
    async publishUserUpdated(user, isActive) {
      const event = createEvent(Subjects.UserUpdated, {
        user_id: user.id,
        username: user.username,
        avatar_url: null,
        is_active: isActive,
      });
      producer.publish(Subjects.UserUpdated, codec.encode(event));
      await producer.flush();
    },
    flush: (svc) => svc.nats.flush(),
    async close() {
      await Promise.all(instances.map((s) => s.stop().catch(() => undefined)));
      await producer.close();
      await Promise.all([nats.stop(), messaging.close(), forum.close()]);
    },
  };
  return h;
}

/** A notification as messaging stores and presents it. */
export const newNotification = (title = 'New reply'): Notification => ({
  id: newId(),
  type: 'reply_to_post',
  title,
  content: 'Someone replied to your post',
  is_read: false,
  created_at: new Date().toISOString(),
  related_id: newId(),
  post_id: newId(),
});

export const newMessage = (senderId: string, content = 'Hello there'): Message => ({
  id: newId(),
  conversation_id: newId(),
  sender_id: senderId,
  content,
  is_read: false,
  created_at: new Date().toISOString(),
});
