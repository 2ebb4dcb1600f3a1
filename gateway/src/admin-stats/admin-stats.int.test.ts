import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestKeys, type TestKeys } from '@forum/service-kit/testing';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import {
  closedPortUrl,
  sendJson,
  startUpstream,
  type TestUpstream,
} from '../testing/upstream-server.js';

let keys: TestKeys;
let jwk: Record<string, unknown>;
let identity: TestUpstream;
let forum: TestUpstream;
const opened: GatewayUnderTest[] = [];

beforeAll(async () => {
  keys = await createTestKeys();
  jwk = {
    ...(await crypto.subtle.exportKey('jwk', keys.publicKey)),
    alg: 'ES256',
    use: 'sig',
  };
  // Identity publishes its public key as a JWKS; the gateway verifies tokens with it.
  identity = await startUpstream((req, res) => {
    if (req.url === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [jwk] });
    if (req.url === '/internal/stats') return sendJson(res, 200, { total_users: 42 });
    sendJson(res, 404, { error: 'Not found' });
  });
  forum = await startUpstream((req, res) => {
    if (req.url === '/internal/stats') {
      return sendJson(res, 200, { total_communities: 3, total_posts: 10, total_comments: 25 });
    }
    sendJson(res, 404, { error: 'Not found' });
  });
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((g) => g.close()));
});

afterAll(async () => {
  await identity.close();
  await forum.close();
});

async function gateway(env: Record<string, string>): Promise<GatewayUnderTest> {
  const gw = await startGateway({ IDENTITY_URL: identity.url, FORUM_URL: forum.url, ...env });
  opened.push(gw);
  return gw;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('GET /api/admin/stats', () => {
  it('merges identity and forum totals for the admin', async () => {
    const gw = await gateway({});
    const token = await keys.sign({ id: 'u1', username: 'admin' });
    const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      total_users: 42,
      total_communities: 3,
      total_posts: 10,
      total_comments: 25,
    });
    expect(
      identity.seen.find((r) => r.url === '/internal/stats')?.headers['x-request-id'],
    ).toBeTruthy();
  });

  it('honours ADMIN_USERNAME', async () => {
    const gw = await gateway({ ADMIN_USERNAME: 'root' });
    const root = await keys.sign({ id: 'u2', username: 'root' });
    const admin = await keys.sign({ id: 'u1', username: 'admin' });
    expect((await gw.fetch('/api/admin/stats', { headers: bearer(root) })).status).toBe(200);
    expect((await gw.fetch('/api/admin/stats', { headers: bearer(admin) })).status).toBe(403);
  });

  it('refuses other users with 403 and anonymous callers with 401', async () => {
    const gw = await gateway({});
    const token = await keys.sign({ id: 'u3', username: 'alice' });
    const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Access denied. Admin privileges required.' });

    expect((await gw.fetch('/api/admin/stats')).status).toBe(401);
    expect((await gw.fetch('/api/admin/stats', { headers: bearer('not-a-jwt') })).status).toBe(401);
  });

  it('answers 503 when one side is down', async () => {
    const gw = await gateway({ FORUM_URL: await closedPortUrl() });
    const token = await keys.sign({ id: 'u1', username: 'admin' });
    const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service unavailable' });
  });

  it('answers 503 when identity fails its statistics, without partial numbers', async () => {
    const broken = await startUpstream((req, res) => {
      if (req.url === '/.well-known/jwks.json') return sendJson(res, 200, { keys: [jwk] });
      sendJson(res, 500, { error: 'Internal server error' });
    });
    try {
      const gw = await gateway({ IDENTITY_URL: broken.url });
      const token = await keys.sign({ id: 'u1', username: 'admin' });
      const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
      expect(res.status).toBe(503);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body).toEqual({ error: 'Service unavailable' });
      expect(body).not.toHaveProperty('total_communities');
      expect(broken.seen.some((r) => r.url === '/internal/stats')).toBe(true);
    } finally {
      await broken.close();
    }
  });

  it('answers 503 when forum answers something that is not its statistics', async () => {
    const odd = await startUpstream((req, res) => {
      if (req.url === '/internal/stats') return sendJson(res, 200, { total_communities: 3 });
      sendJson(res, 404, { error: 'Not found' });
    });
    try {
      const gw = await gateway({ FORUM_URL: odd.url });
      const token = await keys.sign({ id: 'u1', username: 'admin' });
      const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Service unavailable' });
    } finally {
      await odd.close();
    }
  });

  it('does not ask the services for statistics on behalf of a non-admin', async () => {
    const gw = await gateway({});
    const before = forum.seen.filter((r) => r.url === '/internal/stats').length;
    const token = await keys.sign({ id: 'u3', username: 'alice' });
    const res = await gw.fetch('/api/admin/stats', { headers: bearer(token) });
    expect(res.status).toBe(403);
    expect(forum.seen.filter((r) => r.url === '/internal/stats').length).toBe(before);
  });
});
