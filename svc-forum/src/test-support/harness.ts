import type Koa from 'koa';
import { Types, type Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import {
  connectMongo,
  connectNats,
  createAuth,
  createEventOutbox,
  ensureStreams,
  type Auth,
  type EventOutbox,
} from '@forum/service-kit';
import {
  captureLogs,
  createTestKeys,
  serve,
  startDevDb,
  startNats,
  type ServedApp,
  type TestDevDb,
  type TestKeys,
  type TestNats,
} from '@forum/service-kit/testing';
import { createForumApp } from '../app.js';
import { forumStreams } from '../events/streams.js';
import { createForumModels, initForumModels, type ForumModels } from '../models/index.js';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createForumMedia } from '../media.js';
import type { ForumMedia } from '../deps.js';

export interface TestUser {
  id: string;
  username: string;
  token: string;
  isAdmin: boolean;
}

export interface CallResult<T = Record<string, unknown>> {
  status: number;
  body: T;
}

/** A real svc-forum app on the dev DB and a real nats-server, plus request helpers. */
export interface Harness {
  /** The app and its token check, for reading what its routers serve (servedRoutes). */
  app: Koa;
  auth: Auth;
  served: ServedApp;
  conn: Connection;
  nc: NatsConnection;
  models: ForumModels;
  media: ForumMedia;
  mediaDir: string;
  outbox: EventOutbox;
  keys: TestKeys;
  /** Where the dev DB and nats-server listen, to start a whole service on the same data. */
  mongoUrl: string;
  dbName: string;
  natsUrl: string;
  user(username?: string, opts?: { isAdmin?: boolean }): Promise<TestUser>;
  call<T = Record<string, unknown>>(
    method: string,
    path: string,
    opts?: {
      as?: TestUser;
      body?: unknown;
      rawBody?: RequestInit['body'];
      headers?: Record<string, string>;
    },
  ): Promise<CallResult<T>>;
  stop(): Promise<void>;
}

let seq = 0;

/** ELECTION_MIN_PHASE_SECONDS=1 and a test secret. */
export const TEST_ELECTIONS = { minPhaseSeconds: 1, ballotSecret: 'test-election-ballot-secret' };

export async function startHarness(): Promise<Harness> {
  const { logger } = captureLogs('svc-forum-test', 'warn');
  const [devdb, nats]: [TestDevDb, TestNats] = await Promise.all([startDevDb(), startNats()]);
  const dbName = devdb.dbName('forum');
  const conn = await connectMongo(devdb.uri, dbName, logger, {
    serverSelectionTimeoutMS: 1000,
  });
  const nc = await connectNats(nats.url, logger);
  await ensureStreams(await nc.jetstreamManager(), forumStreams);
  const outbox = createEventOutbox({ conn, js: nc.jetstream(), logger });
  const keys = await createTestKeys();
  const mediaDir = await mkdtemp(join(tmpdir(), 'forum-media-'));
  const media = createForumMedia(mediaDir);
  const models = createForumModels(conn);
  await initForumModels(models);
  const auth = createAuth({ publicKey: keys.publicPem });
  const app = createForumApp({
    logger,
    conn,
    auth,
    outbox,
    media,
    adminUsername: 'admin',
    // Elections' phases may be as short as a second here (their tests wait them out).
    elections: TEST_ELECTIONS,
  });
  const served = await serve(app);

  return {
    app,
    auth,
    served,
    conn,
    nc,
    models,
    media,
    mediaDir,
    outbox,
    keys,
    mongoUrl: devdb.uri,
    dbName,
    natsUrl: nats.url,
    async user(username, opts = {}) {
      const id = new Types.ObjectId().toHexString();
      const name = username ?? `user${++seq}${id.slice(-6)}`;
      const isAdmin = opts.isAdmin ?? false;
      return {
        id,
        username: name,
        isAdmin,
        token: await keys.sign({ id, username: name, isAdmin }),
      };
    },
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.as) headers.Authorization = `Bearer ${opts.as.token}`;
      let body: RequestInit['body'] | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
      const res = await served.fetch(path, { method, headers, ...(body ? { body } : {}) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : {} };
    },
    async stop() {
      await served.close();
      await outbox.stop();
      await nc.close();
      await conn.close();
      await Promise.all([devdb.stop(), nats.stop()]);
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/** Valid bodies for the common setups. */
export const communityBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: 'A community for testing things.',
  rules: 'Be kind.',
  is_nsfw: false,
  ...extra,
});

export const textPost = (communityId: string, title = 'Hello world') => ({
  title,
  content: 'Some body text',
  type: 'text',
  community_id: communityId,
});

let names = 0;
export const uniqueName = (prefix = 'c') => `${prefix}_${Date.now().toString(36)}_${++names}`;
