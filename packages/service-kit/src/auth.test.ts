import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Router } from '@koa/router';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import { createAuth } from './auth.js';
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
