import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createActiveUserCache, createAuth } from './auth.js';
import { createApp } from './http/create-app.js';
import { createLogger } from './logger.js';
import { createTestKeys, type TestKeys } from './testing/keys.js';
import { serve, type ServedApp } from './testing/serve.js';

const user = { id: '64b7f0c2a1b2c3d4e5f60718', username: 'alice', isAdmin: false };
let keys: TestKeys;
let served: ServedApp;
let jwks: Server;
let jwksUrl: string;

function appWith(auth: ReturnType<typeof createAuth>) {
  const app = createApp({
    name: 'auth-test',
    logger: createLogger({ name: 't', level: 'silent' }),
  });
  const router = new Router();
  router.get('/private', auth.requireAuth, (ctx) => {
    ctx.body = { user: ctx.state.user };
  });
  router.get('/public', auth.optionalAuth, (ctx) => {
    ctx.body = { user: ctx.state.user ?? null };
  });
  app.use(router.routes());
  return app;
}

beforeAll(async () => {
  keys = await createTestKeys();
  served = await serve(appWith(createAuth({ publicKey: keys.publicPem })));
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
  jwks = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/.well-known/jwks.json`;
});
afterAll(async () => {
  await served.close();
  await new Promise((r) => jwks.close(r));
});

const get = (path: string, token?: string) =>
  served.fetch(path, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

describe('requireAuth', () => {
  it('accepts a valid token and sets ctx.state.user', async () => {
    const res = await get('/private', await keys.sign({ ...user, isAdmin: true }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ user: { ...user, isAdmin: true } });
  });

  it('rejects a missing token', async () => {
    const res = await get('/private');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Authentication required' });
  });

  it('rejects an expired token', async () => {
    const token = await keys.sign(user, { expiresIn: Math.floor(Date.now() / 1000) - 60 });
    const res = await get('/private', token);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid or expired token' });
  });

  it('rejects a token signed with another key', async () => {
    const other = await createTestKeys();
    const res = await get('/private', await other.sign(user));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Invalid or expired token' });
  });

  it('keeps refusing altered copies of a token it already accepted (verified tokens are cached)', async () => {
    const token = await keys.sign({ ...user, username: 'cached' });
    expect((await get('/private', token)).status).toBe(200);
    expect((await get('/private', token)).status).toBe(200);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as object;
    const admin = Buffer.from(JSON.stringify({ ...claims, is_admin: true })).toString('base64url');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect((await get('/private', `${header}.${admin}.${signature}`)).status).toBe(401);
    expect((await get('/private', `${header}.${payload}.${flipped}`)).status).toBe(401);
  });

  it('rejects alg none', async () => {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 600;
    const token = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: user.id, username: 'alice', is_admin: true, exp })}.`;
    const res = await get('/private', token);
    expect(res.status).toBe(401);
  });

  it('rejects another algorithm even with a valid signature', async () => {
    const { privateKey } = await generateKeyPair('ES384');
    const token = await new SignJWT({ username: 'alice' })
      .setProtectedHeader({ alg: 'ES384' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(privateKey);
    expect((await get('/private', token)).status).toBe(401);
  });

  it('rejects garbage and a token without the user claims', async () => {
    expect((await get('/private', 'not-a-jwt')).status).toBe(401);
    const noUsername = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setSubject(user.id)
      .setExpirationTime('5m')
      .sign(keys.privateKey);
    expect((await get('/private', noUsername)).status).toBe(401);
    const basic = await served.fetch('/private', { headers: { Authorization: 'Basic abc' } });
    expect(basic.status).toBe(401);
  });
});

describe('optionalAuth', () => {
  it('lets anonymous requests through', async () => {
    expect(await (await get('/public')).json()).toEqual({ user: null });
  });

  it('sets the user when a valid token is sent', async () => {
    expect(await (await get('/public', await keys.sign(user))).json()).toEqual({ user });
  });

  it('rejects an invalid token instead of silently ignoring it', async () => {
    expect((await get('/public', 'garbage')).status).toBe(401);
  });
});

describe('JWKS URL', () => {
  it('verifies against keys fetched from identity', async () => {
    const remote = await serve(appWith(createAuth({ jwksUrl })));
    try {
      const ok = await remote.fetch('/private', {
        headers: { Authorization: `Bearer ${await keys.sign(user, { kid: 'k1' })}` },
      });
      expect(ok.status).toBe(200);
      const other = await createTestKeys();
      const bad = await remote.fetch('/private', {
        headers: { Authorization: `Bearer ${await other.sign(user, { kid: 'k1' })}` },
      });
      expect(bad.status).toBe(401);
    } finally {
      await remote.close();
    }
  });
});

// Found by the fault suite (system/faults): an identity outage must not turn valid tokens into
// 401s, which make clients refresh (identity is down too) and then sign their users out.
describe('JWKS URL while identity is unreachable', () => {
  it('answers 503 (not 401) when the keys were never fetched', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const remote = await serve(
      appWith(createAuth({ jwksUrl: `http://127.0.0.1:${port}/.well-known/jwks.json` })),
    );
    try {
      const res = await remote.fetch('/private', {
        headers: { Authorization: `Bearer ${await keys.sign(user, { kid: 'k1' })}` },
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({ error: 'Authentication service unavailable' });
      // A token that is malformed on its face is still the client's problem.
      const garbage = await remote.fetch('/private', {
        headers: { Authorization: 'Bearer garbage' },
      });
      expect(garbage.status).toBe(401);
    } finally {
      await remote.close();
    }
  });

  it('keeps verifying with the keys fetched before once the cache is stale', async () => {
    let up = true;
    const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'ES256', use: 'sig' };
    const flaky = createServer((_req, res) => {
      res.statusCode = up ? 200 : 503;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(up ? { keys: [jwk] } : { error: 'down' }));
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(flaky.address() as AddressInfo).port}/.well-known/jwks.json`;
    const remote = await serve(appWith(createAuth({ jwksUrl: url })));
    const token = await keys.sign(user, { kid: 'k1', expiresIn: '2h' });
    const call = (t: string) =>
      remote.fetch('/private', { headers: { Authorization: `Bearer ${t}` } });
    try {
      expect((await call(token)).status).toBe(200);
      up = false;
      // Past the 10-minute cache age: jose refetches, identity fails, the known keys still serve.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 11 * 60_000);
      expect((await call(token)).status).toBe(200);
      const other = await createTestKeys();
      expect((await call(await other.sign(user, { kid: 'k1', expiresIn: '2h' }))).status).toBe(401);
    } finally {
      vi.useRealTimers();
      await remote.close();
      await new Promise((r) => flaky.close(r));
    }
  });
});

describe('isActive check', () => {
  const inactive = new Set<string>();
  const calls: string[] = [];
  let checked: ServedApp;
  let failing: ServedApp;

  beforeAll(async () => {
    const isActive = async (id: string) => {
      calls.push(id);
      return !inactive.has(id);
    };
    checked = await serve(appWith(createAuth({ publicKey: keys.publicPem, isActive })));
    failing = await serve(
      appWith(
        createAuth({
          publicKey: keys.publicPem,
          isActive: () => Promise.reject(new Error('directory down')),
        }),
      ),
    );
  });
  afterAll(async () => {
    await checked.close();
    await failing.close();
  });

  const call = (app: ServedApp, path: string, token?: string) =>
    app.fetch(path, token === undefined ? {} : { headers: { Authorization: `Bearer ${token}` } });

  it('lets an active account through and asks about the token subject', async () => {
    calls.length = 0;
    const token = await keys.sign(user);
    expect((await call(checked, '/private', token)).status).toBe(200);
    expect(await (await call(checked, '/public', token)).json()).toEqual({ user });
    expect(calls).toEqual([user.id, user.id]);
  });

  it('refuses a deactivated account on requireAuth and on optionalAuth with 401', async () => {
    inactive.add(user.id);
    try {
      const token = await keys.sign(user);
      for (const path of ['/private', '/public']) {
        const res = await call(checked, path, token);
        expect(res.status).toBe(401);
        expect(await res.json()).toEqual({ error: 'Account is deactivated' });
      }
      // Anonymous requests are untouched.
      expect(await (await call(checked, '/public')).json()).toEqual({ user: null });
    } finally {
      inactive.delete(user.id);
    }
    expect((await call(checked, '/private', await keys.sign(user))).status).toBe(200);
  });

  it('does not run for a missing or invalid token', async () => {
    calls.length = 0;
    expect((await call(checked, '/private')).status).toBe(401);
    expect((await call(checked, '/public')).status).toBe(200);
    const other = await createTestKeys();
    const bad = await call(checked, '/private', await other.sign(user));
    expect(await bad.json()).toEqual({ error: 'Invalid or expired token' });
    expect(calls).toEqual([]);
  });

  it('applies to verify()', async () => {
    const auth = createAuth({ publicKey: keys.publicPem, isActive: async () => false });
    await expect(auth.verify(await keys.sign(user))).rejects.toMatchObject({
      status: 401,
      message: 'Account is deactivated',
    });
  });

  it('fails the request (500, no internals) when the check itself fails', async () => {
    const res = await call(failing, '/private', await keys.sign(user));
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ error: 'Internal server error' });
  });
});

describe('createActiveUserCache', () => {
  function setup(options: { ttlMs?: number; maxEntries?: number } = {}) {
    let clock = 1_000;
    const state = new Map<string, boolean>();
    const lookups: string[] = [];
    const cache = createActiveUserCache(
      async (id) => {
        lookups.push(id);
        return state.get(id) ?? true;
      },
      { ...options, now: () => clock },
    );
    return {
      cache,
      state,
      lookups,
      advance: (ms: number) => {
        clock += ms;
      },
    };
  }

  it('answers from memory within the TTL and looks again after it', async () => {
    const { cache, state, lookups, advance } = setup({ ttlMs: 5_000 });
    expect(await cache.isActive('a')).toBe(true);
    state.set('a', false);
    advance(4_999);
    expect(await cache.isActive('a')).toBe(true);
    expect(lookups).toEqual(['a']);
    advance(1);
    expect(await cache.isActive('a')).toBe(false);
    expect(lookups).toEqual(['a', 'a']);
  });

  it('shares one lookup between concurrent callers', async () => {
    const { cache, lookups } = setup();
    const answers = await Promise.all([
      cache.isActive('a'),
      cache.isActive('a'),
      cache.isActive('b'),
    ]);
    expect(answers).toEqual([true, true, true]);
    expect(lookups).toEqual(['a', 'b']);
  });

  it('forget() makes the next call look again', async () => {
    const { cache, state, lookups } = setup();
    expect(await cache.isActive('a')).toBe(true);
    state.set('a', false);
    cache.forget('a');
    expect(await cache.isActive('a')).toBe(false);
    expect(lookups).toEqual(['a', 'a']);
  });

  it('does not store the answer of a lookup that started before forget()', async () => {
    let release!: (active: boolean) => void;
    const lookups: string[] = [];
    const cache = createActiveUserCache((id) => {
      lookups.push(id);
      return lookups.length === 1
        ? new Promise<boolean>((resolve) => (release = resolve))
        : Promise.resolve(false);
    });
    const stale = cache.isActive('a');
    cache.forget('a'); // the account changed while the first read was in flight
    release(true);
    expect(await stale).toBe(true);
    expect(await cache.isActive('a')).toBe(false);
    expect(lookups).toEqual(['a', 'a']);
  });

  it('stays within maxEntries, dropping the oldest', async () => {
    const { cache, lookups } = setup({ maxEntries: 2 });
    await cache.isActive('a');
    await cache.isActive('b');
    await cache.isActive('c');
    expect(cache.size).toBe(2);
    lookups.length = 0;
    await cache.isActive('c');
    await cache.isActive('b');
    expect(lookups).toEqual([]);
    await cache.isActive('a');
    expect(lookups).toEqual(['a']);
    expect(cache.size).toBe(2);
  });

  it('does not cache a failed lookup', async () => {
    let fail = true;
    const cache = createActiveUserCache(async () => {
      if (fail) throw new Error('down');
      return false;
    });
    await expect(cache.isActive('a')).rejects.toThrow('down');
    fail = false;
    expect(await cache.isActive('a')).toBe(false);
    expect(cache.size).toBe(1);
  });
});
