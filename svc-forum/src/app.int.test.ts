import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types, type Connection } from 'mongoose';
import type { NatsConnection } from 'nats';
import { ListPostsResponse } from '@forum/contracts';
import {
  connectMongo,
  connectNats,
  createAuth,
  createEventOutbox,
  dependencyReadiness,
} from '@forum/service-kit';
import {
  captureLogs,
  createTestKeys,
  serve,
  startDevDb,
  startNats,
  type ServedApp,
  type TestDevDb,
  type TestNats,
} from '@forum/service-kit/testing';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createForumApp } from './app.js';
import { createForumMedia } from './media.js';
import { createForumModels } from './models/index.js';
import { hotScore } from './domain/hot-score.js';

const { logger } = captureLogs('svc-forum-test', 'warn');
let devdb: TestDevDb;
let nats: TestNats;
let conn: Connection;
let nc: NatsConnection;
let served: ServedApp;
let token: string;

const community = new Types.ObjectId();
const otherCommunity = new Types.ObjectId();
const alice = new Types.ObjectId();
const bob = new Types.ObjectId();
const base = new Date('2026-01-01T00:00:00Z').getTime();
const hour = 3600_000;

// title, community, author, score, hours after base
const fixtures: [string, Types.ObjectId, Types.ObjectId, number, number][] = [
  ['old but loved', community, alice, 500, 0],
  ['newest', community, bob, 0, 30],
  ['middle', otherCommunity, alice, 20, 10],
  ['disliked', community, bob, -5, 20],
];

beforeAll(async () => {
  [devdb, nats] = await Promise.all([startDevDb(), startNats()]);
  conn = await connectMongo(devdb.uri, devdb.dbName('forum'), logger, {
    serverSelectionTimeoutMS: 500,
  });
  nc = await connectNats(nats.url, logger);
  const keys = await createTestKeys();
  token = await keys.sign({ id: alice.toHexString(), username: 'alice' });
  const app = createForumApp({
    logger,
    conn,
    auth: createAuth({ publicKey: keys.publicPem }),
    outbox: createEventOutbox({ conn, js: nc.jetstream(), logger }),
    media: createForumMedia(join(tmpdir(), `forum-app-test-${process.pid}`)),
    adminUsername: 'admin',
    ready: dependencyReadiness({ mongo: conn, nats: nc }),
  });
  const { Post } = createForumModels(conn);
  await Post.init();
  await Post.create(
    fixtures.map(([title, community_id, author_id, score, hours]) => {
      const created_at = new Date(base + hours * hour);
      return {
        title,
        content: `${title} content`,
        type: 'text' as const,
        community_id,
        community_name: community_id === community ? 'general' : 'other',
        author_id,
        author_username: author_id === alice ? 'alice' : 'bob',
        score,
        upvotes: Math.max(score, 0),
        downvotes: Math.max(-score, 0),
        hot: hotScore(score, created_at),
        created_at,
      };
    }),
  );
  served = await serve(app);
});
afterAll(async () => {
  await served?.close();
  await nc?.close();
  await conn?.close();
  await Promise.all([devdb?.stop(), nats?.stop()]);
});

const titles = async (query: string) => {
  const res = await served.fetch(`/api/posts${query}`);
  expect(res.status).toBe(200);
  const body = ListPostsResponse.parse(await res.json());
  return { titles: body.posts.map((p) => p.title), pagination: body.pagination, posts: body.posts };
};

describe('svc-forum app', () => {
  it('serves health and readiness (Mongo and NATS up)', async () => {
    expect(await (await served.fetch('/api/health')).json()).toEqual({
      status: 'ok',
      service: 'svc-forum',
    });
    const ready = await served.fetch('/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ checks: { mongo: true, nats: true } });
  });

  it('lists posts newest first by default, in the contract shape', async () => {
    const { titles: t, pagination, posts } = await titles('');
    expect(t).toEqual(['newest', 'disliked', 'middle', 'old but loved']);
    expect(pagination).toEqual({ hasMore: false, total: 4 });
    expect(posts[0]).toMatchObject({
      community_name: 'general',
      author_username: 'bob',
      created_at: new Date(base + 30 * hour).toISOString(),
      image_url: null,
      comment_count: 0,
    });
  });

  it('sorts by top and hot', async () => {
    expect((await titles('?sort=top')).titles).toEqual([
      'old but loved',
      'middle',
      'newest',
      'disliked',
    ]);
    // 500 points at t=0 (2.7 orders) beat 0 points 30 h later (2.4 "orders" of age bonus).
    expect((await titles('?sort=hot')).titles).toEqual([
      'old but loved',
      'newest',
      'middle',
      'disliked',
    ]);
  });

  it('filters by community and author', async () => {
    const byCommunity = await titles(`?community_id=${community.toHexString()}`);
    expect(byCommunity.titles).toEqual(['newest', 'disliked', 'old but loved']);
    expect(byCommunity.pagination.total).toBe(3);
    const byAuthor = await titles(`?author_id=${alice.toHexString()}&sort=top`);
    expect(byAuthor.titles).toEqual(['old but loved', 'middle']);
  });

  it('pages with limit and offset', async () => {
    const first = await titles('?limit=3');
    expect(first.titles).toHaveLength(3);
    expect(first.pagination).toEqual({ hasMore: true, total: 4 });
    const second = await titles('?limit=3&offset=3');
    expect(second.titles).toEqual(['old but loved']);
    expect(second.pagination).toEqual({ hasMore: false, total: 4 });
  });

  it('accepts a signed-in caller and rejects a bad token', async () => {
    const ok = await served.fetch('/api/posts', { headers: { Authorization: `Bearer ${token}` } });
    expect(ok.status).toBe(200);
    const bad = await served.fetch('/api/posts', { headers: { Authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });

  it('answers invalid queries with 400 and details', async () => {
    const res = await served.fetch('/api/posts?sort=best&community_id=zzz');
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; details: string[] };
    // The first broken rule is the error, every one is in details (as for bodies).
    expect(body.details).toHaveLength(2);
    expect(body.error).toBe(body.details[0]);
  });

  it('reports internal stats, counting missing collections as 0', async () => {
    const res = await served.fetch('/internal/stats');
    expect(await res.json()).toEqual({ total_communities: 0, total_posts: 4, total_comments: 0 });
  });

  it('answers unknown methods and paths in the error shape', async () => {
    const res = await served.fetch('/api/posts', { method: 'PATCH' });
    expect(res.status).toBe(405);
    expect(await res.json()).toEqual({ error: expect.any(String) });
  });
});
