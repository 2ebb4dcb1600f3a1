import type { ServerResponse } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  NOTIFICATION_TYPES,
  type ForumExport,
  type IdentityExport,
  type MessagingExport,
} from '@forum/contracts';
import { createTestKeys, type TestKeys } from '@forum/service-kit/testing';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import { API_ROUTES } from '../routing-table.js';
import {
  closedPortUrl,
  sendJson,
  startUpstream,
  type TestUpstream,
} from '../testing/upstream-server.js';

const ID = 'a'.repeat(24);
const AT = '2026-03-12T10:00:00.000Z';

const identityPart: IdentityExport = {
  profile: {
    id: ID,
    username: 'alice',
    email: 'alice@example.com',
    email_verified: true,
    avatar_url: null,
    created_at: AT,
    last_active_at: null,
    total_score: 3,
  },
  referral_code: null,
  referrals: [],
  badges: [],
  blocks: [],
};
const forumPart: ForumExport = {
  posts: [
    {
      id: ID,
      community_name: 'cats',
      title: 'My cat',
      type: 'text',
      content: 'purr',
      image_url: null,
      removed: false,
      created_at: AT,
      updated_at: AT,
    },
  ],
  comments: [],
  post_votes: [{ post_id: ID, vote_type: 1, created_at: AT }],
  comment_votes: [],
  reactions: [],
  saved_posts: [],
  saved_comments: [],
  memberships: [],
  subscriptions: [],
  reports: [],
};
const messagingPart: MessagingExport = {
  conversations: [],
  notifications: [],
  notification_preferences: Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, true]),
  ) as MessagingExport['notification_preferences'],
  message_reports: [],
};

let keys: TestKeys;
let jwk: Record<string, unknown>;
let identity: TestUpstream;
let forum: TestUpstream;
let messaging: TestUpstream;
const opened: { close(): Promise<void> }[] = [];

/** A service that answers its export part (and identity its JWKS). */
function service(part: unknown) {
  return (req: { url?: string }, res: ServerResponse) => {
    if (req.url === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [jwk] });
    if (req.url === '/internal/export') return sendJson(res, 200, part);
    sendJson(res, 404, { error: 'Not found' });
  };
}

beforeAll(async () => {
  keys = await createTestKeys();
  jwk = { ...(await crypto.subtle.exportKey('jwk', keys.publicKey)), alg: 'ES256', use: 'sig' };
  identity = await startUpstream(service(identityPart));
  forum = await startUpstream(service(forumPart));
  messaging = await startUpstream(service(messagingPart));
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((g) => g.close()));
});

afterAll(async () => {
  await Promise.all([identity.close(), forum.close(), messaging.close()]);
});

async function gateway(env: Record<string, string> = {}): Promise<GatewayUnderTest> {
  const gw = await startGateway({
    IDENTITY_URL: identity.url,
    FORUM_URL: forum.url,
    MESSAGING_URL: messaging.url,
    ...env,
  });
  opened.push(gw);
  return gw;
}

/** One service with its own answer to /internal/export (closed after the test). */
async function oddService(answer: (res: ServerResponse) => void): Promise<TestUpstream> {
  const upstream = await startUpstream((req, res) => {
    if (req.url === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [jwk] });
    answer(res);
  });
  opened.push(upstream);
  return upstream;
}

const signAlice = () => keys.sign({ id: ID, username: 'alice' });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const exportSeen = (upstream: TestUpstream) =>
  upstream.seen.filter((r) => r.url === '/internal/export');

describe('GET /api/auth/me/export', () => {
  it("composes the three parts into one file named after the caller and today's date", async () => {
    const gw = await gateway();
    const before = Date.now();
    const res = await gw.fetch('/api/auth/me/export', { headers: bearer(await signAlice()) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as Record<string, unknown>;
    const { exported_at, ...parts } = body;
    expect(parts).toEqual({ ...identityPart, ...forumPart, ...messagingPart });
    const exportedAt = Date.parse(exported_at as string);
    expect(exportedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(exportedAt).toBeLessThanOrEqual(Date.now());
    const day = (exported_at as string).slice(0, 10);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="account-export-alice-${day}.json"`,
    );
  });

  it("forwards the caller's Authorization and the request id to each service", async () => {
    const gw = await gateway();
    const token = await signAlice();
    const res = await gw.fetch('/api/auth/me/export', {
      headers: { ...bearer(token), 'x-request-id': 'export-req-1' },
    });
    expect(res.status).toBe(200);
    for (const upstream of [identity, forum, messaging]) {
      const seen = exportSeen(upstream).at(-1);
      expect(seen?.headers.authorization).toBe(`Bearer ${token}`);
      expect(seen?.headers['x-request-id']).toBe('export-req-1');
    }
  });

  it('answers 401 without a token, or a bad one, and asks no service', async () => {
    const gw = await gateway();
    const asked = exportSeen(forum).length;
    const none = await gw.fetch('/api/auth/me/export');
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual({ error: 'Authentication required' });
    expect((await gw.fetch('/api/auth/me/export', { headers: bearer('nope') })).status).toBe(401);
    expect(exportSeen(forum).length).toBe(asked);
  });

  it("answers 401 with the service's text when a service refuses the token", async () => {
    const refusing = await oddService((res) =>
      sendJson(res, 401, { error: 'Account is deactivated' }),
    );
    const gw = await gateway({ MESSAGING_URL: refusing.url });
    const res = await gw.fetch('/api/auth/me/export', { headers: bearer(await signAlice()) });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Account is deactivated' });
  });

  it('answers 503, and no partial file, when a service is down', async () => {
    const gw = await gateway({ FORUM_URL: await closedPortUrl() });
    const res = await gw.fetch('/api/auth/me/export', { headers: bearer(await signAlice()) });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(await res.json()).toEqual({ error: 'Service unavailable' });
  });

  it('answers 503 when a service fails or answers outside its contract', async () => {
    const failing = await oddService((res) => sendJson(res, 500, { error: 'Internal' }));
    const nonsense = await oddService((res) =>
      sendJson(res, 200, { ...forumPart, posts: [{ title: 'no id' }] }),
    );
    const notJson = await oddService((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"posts": [');
    });
    for (const odd of [failing, nonsense, notJson]) {
      const gw = await gateway({ FORUM_URL: odd.url });
      const res = await gw.fetch('/api/auth/me/export', { headers: bearer(await signAlice()) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Service unavailable' });
    }
  });

  it('answers 503 when a service is slower than UPSTREAM_TIMEOUT_MS', async () => {
    // Never answers: the gateway gives up after the timeout (the test waits for that, no sleep).
    const silent = await oddService(() => {});
    const gw = await gateway({ MESSAGING_URL: silent.url, UPSTREAM_TIMEOUT_MS: '200' });
    const res = await gw.fetch('/api/auth/me/export', { headers: bearer(await signAlice()) });
    expect(res.status).toBe(503);
  });
});

describe("the gateway's own routes", () => {
  it('every contract route the gateway answers has a handler (401 for no token, never 404)', async () => {
    const gw = await gateway();
    const own = API_ROUTES.filter((r) => r.target === 'gateway');
    expect(own.map((r) => `${r.method} ${r.pattern}`)).toContain('GET /api/auth/me/export');
    for (const route of own) {
      const res = await gw.fetch(route.pattern, { method: route.method });
      expect(res.status, route.pattern).toBe(401);
    }
  });
});
