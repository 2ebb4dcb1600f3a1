import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createPublicKey } from 'node:crypto';
import { test, expect } from '@playwright/test';
import {
  adminSession,
  apiClient,
  eventually,
  expectErrorBody,
  hostile,
  signUp,
  type Api,
  type Json,
  type Session,
} from './helpers.js';
import {
  b64url,
  decodeJwt,
  foreignEs256Key,
  signEs256,
  signHs256,
  swapPayload,
  unsigned,
} from './jwt.js';

/**
 * Access-token handling of every service (ARCHITECTURE §5: ES256 JWTs minted by identity only,
 * verified everywhere with identity's public key) and the refresh-token family rules.
 */

/** Protected routes of each service behind the gateway (admin ones need the admin's claims). */
const PROTECTED: { service: string; path: string; admin?: boolean }[] = [
  { service: 'identity', path: '/auth/me' },
  { service: 'identity', path: '/auth/referral-code' },
  { service: 'identity', path: '/admin/users', admin: true },
  { service: 'forum', path: '/communities/my' },
  { service: 'forum', path: '/posts/saved/my' },
  { service: 'forum', path: '/admin/communities', admin: true },
  { service: 'messaging', path: '/notifications/unread-count' },
  { service: 'messaging', path: '/messages/conversations' },
  { service: 'gateway', path: '/admin/stats', admin: true },
];

let api: Api;
let user: Session;
let other: Session;
let admin: Session;

test.beforeAll(async () => {
  api = apiClient(hostile.baseUrl);
  [user, other] = await Promise.all([signUp(api, 'jwtuser'), signUp(api, 'jwtother')]);
  admin = await adminSession(api, hostile.baseUrl);
});

async function expect401(
  token: string | undefined,
  what: string,
  headers: Json = {},
  routes = PROTECTED,
) {
  const failures: string[] = [];
  for (const route of routes) {
    const res = await api<Json>('GET', route.path, {
      headers: {
        ...(headers as Record<string, string>),
        ...(token !== undefined ? { authorization: token } : {}),
      },
    });
    if (res.status !== 401) {
      failures.push(`${route.service} ${route.path}: ${res.status} ${JSON.stringify(res.json)}`);
      continue;
    }
    expectErrorBody(res, `${what} on ${route.path}`);
  }
  expect(failures, `${what}: every service answers 401`).toEqual([]);
}

test('the genuine tokens work on every protected route (the baseline of this file)', async () => {
  for (const route of PROTECTED) {
    const res = await api('GET', route.path, {
      token: route.admin ? admin.token : user.token,
    });
    expect(res.status, `${route.path}: ${JSON.stringify(res.json)}`).toBe(200);
  }
  const { header, payload } = decodeJwt(user.token);
  expect(header.alg, 'identity signs with ES256').toBe('ES256');
  expect(payload.sub).toBe(user.id);
  expect(Number(payload.exp) - Number(payload.iat), 'access tokens live 15 minutes').toBe(900);
});

test('forged and tampered access tokens are refused by every service', async () => {
  const real = user.token;
  const realAdmin = admin.token;
  const { header, payload, signature } = decodeJwt(real);
  const adminClaims = decodeJwt(realAdmin).payload;
  const escalated = { ...payload, sub: admin.id, username: 'admin', is_admin: true };
  const publicPem = readFileSync(
    path.join(hostile.dataDir, 'identity', 'jwt-es256-public.pem'),
    'utf8',
  );
  const publicDer = createPublicKey(publicPem).export({ type: 'spki', format: 'der' });
  const publicJwk = createPublicKey(publicPem).export({ format: 'jwk' });
  const foreign = foreignEs256Key();
  const foreignJwk = foreign.publicKey.export({ format: 'jwk' });
  const flip = (sig: string) =>
    b64url(Buffer.from(Buffer.from(sig, 'base64url').map((b, i) => (i === 5 ? b ^ 1 : b))));

  const variants: Record<string, string> = {
    'alg none, no signature': unsigned(header, escalated),
    'alg none, own claims': unsigned(header, payload),
    'alg none, original signature kept': unsigned(header, payload, signature),
    'alg None (case)': unsigned({ ...header, alg: 'None' }, payload).replace(
      b64url(JSON.stringify({ ...header, alg: 'none' })),
      b64url(JSON.stringify({ ...header, alg: 'None' })),
    ),
    'HS256 keyed with the public PEM': signHs256(header, escalated, publicPem),
    'HS256 keyed with the public PEM (trimmed)': signHs256(header, escalated, publicPem.trim()),
    'HS256 keyed with the public key DER': signHs256(header, escalated, publicDer),
    'HS256 keyed with the public JWK': signHs256(header, escalated, JSON.stringify(publicJwk)),
    'ES256 by another key, real kid': signEs256(header, escalated, foreign.privateKey),
    'ES256 by another key, own claims': signEs256(header, payload, foreign.privateKey),
    'ES256 by another key, key embedded as jwk': signEs256(
      { ...header, jwk: foreignJwk },
      escalated,
      foreign.privateKey,
    ),
    'ES256 by another key, jku pointing elsewhere': signEs256(
      { ...header, kid: 'attacker', jku: 'http://127.0.0.1:9/jwks.json' },
      escalated,
      foreign.privateKey,
    ),
    'payload: sub swapped to another user': swapPayload(real, { ...payload, sub: other.id }),
    'payload: username and is_admin escalated': swapPayload(real, escalated),
    'payload: admin claims on the user signature': swapPayload(real, adminClaims),
    'payload: exp pushed a year ahead': swapPayload(real, {
      ...payload,
      exp: Number(payload.exp) + 365 * 86_400,
    }),
    'payload: exp removed': swapPayload(
      real,
      Object.fromEntries(Object.entries(payload).filter(([k]) => k !== 'exp')),
    ),
    'payload: exp in the past': swapPayload(real, { ...payload, exp: 1_000_000 }),
    'signature stripped': real.split('.').slice(0, 2).join('.') + '.',
    'signature bit-flipped': `${real.split('.').slice(0, 2).join('.')}.${flip(signature)}`,
    'signature truncated': real.slice(0, -10),
    'extra segment': `${real}.AAAA`,
    garbage: 'garbage',
    'three garbage parts': 'a.b.c',
    'empty parts': '..',
    'json instead of base64': `{"alg":"none"}.${JSON.stringify(escalated)}.`,
    'five-part JWE shape': 'eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0..AAAA.AAAA.AAAA',
    'a huge token': `${real}${'A'.repeat(6000)}`,
  };
  for (const [what, token] of Object.entries(variants)) {
    await expect401(`Bearer ${token}`, what);
  }
});

test('wrong schemes and token placements do not authenticate', async () => {
  const real = user.token;
  await expect401(undefined, 'no Authorization header');
  await expect401('Bearer', 'Bearer without a token');
  await expect401('Bearer ', 'Bearer and a space');
  await expect401(`Token ${real}`, 'Token scheme');
  await expect401(real, 'no scheme');
  await expect401(
    `Basic ${Buffer.from(`${user.username}:${user.password}`).toString('base64')}`,
    'Basic credentials',
  );
  await expect401(`Bearer ${real} ${real}`, 'two tokens');
  await expect401(undefined, 'token in a cookie', {
    cookie: `token=${real}; access_token=${real}`,
  });
  await expect401(undefined, 'token in X-Access-Token', { 'x-access-token': real });
  for (const route of PROTECTED) {
    for (const param of ['token', 'access_token', 'jwt']) {
      const res = await api('GET', `${route.path}?${param}=${real}`);
      expect(res.status, `${route.path}?${param}= must not authenticate`).toBe(401);
    }
  }
});

test("a deactivated user's unexpired token is refused by every service within seconds", async () => {
  const victim = await signUp(api, 'jwtdeact');
  for (const route of PROTECTED.filter((r) => !r.admin)) {
    expect((await api('GET', route.path, { token: victim.token })).status, route.path).toBe(200);
  }
  const started = Date.now();
  const off = await api('PATCH', `/admin/users/${victim.id}`, {
    token: admin.token,
    body: { is_active: false, reason: 'Deactivated in the security suite' },
  });
  expect(off.status, JSON.stringify(off.json)).toBe(200);
  await eventually(
    'all services refuse the deactivated token',
    async () => {
      for (const route of PROTECTED.filter((r) => !r.admin)) {
        const res = await api('GET', route.path, { token: victim.token });
        if (res.status !== 401) return undefined;
      }
      return true;
    },
    { timeoutMs: 10_000, intervalMs: 200 },
  );
  console.log(`[tokens] deactivation effective everywhere after ${Date.now() - started} ms`);
  // The services own the accounts; the gateway only composes /admin/stats for the admin (who
  // cannot be deactivated), so a deactivated non-admin token is refused there with a 403.
  const services = PROTECTED.filter((r) => r.service !== 'gateway');
  await expect401(`Bearer ${victim.token}`, 'deactivated account', {}, services);
  const stats = await api('GET', '/admin/stats', { token: victim.token });
  expect([401, 403], 'gateway refuses the deactivated token').toContain(stats.status);
  expectErrorBody(stats, 'gateway /admin/stats, deactivated');
  // Writes too, not only reads.
  const write = await api('POST', '/messages/conversations', {
    token: victim.token,
    body: { recipientUsername: other.username, subject: 's', content: 'c' },
  });
  expect(write.status).toBe(401);
  // No new session: the refresh token is dead and the password only reveals the deactivation.
  const refresh = await api('POST', '/auth/refresh', {
    body: { refreshToken: victim.refreshToken },
  });
  expect(refresh.status).toBe(401);
  expectErrorBody(refresh, 'refresh after deactivation');
  const login = await api<Json>('POST', '/auth/login', {
    body: { email: victim.username, password: victim.password, rememberMe: false },
  });
  expect(login.status).toBe(403);
  expect(login.json.error).toBe('Account is deactivated');
  expect(login.json.token, 'no token for a deactivated account').toBeUndefined();

  // Reactivated: a fresh sign-in works, the old session stays revoked.
  const on = await api('PATCH', `/admin/users/${victim.id}`, {
    token: admin.token,
    body: { is_active: true },
  });
  expect(on.status).toBe(200);
  const again = await api<Json>('POST', '/auth/login', {
    body: { email: victim.username, password: victim.password, rememberMe: false },
  });
  expect(again.status).toBe(200);
  expect(
    (await api('POST', '/auth/refresh', { body: { refreshToken: victim.refreshToken } })).status,
    'the session revoked at deactivation stays revoked',
  ).toBe(401);
});

test.describe('refresh tokens', () => {
  const refresh = (refreshToken: string) =>
    api<Json>('POST', '/auth/refresh', { body: { refreshToken } });
  const login = async (s: Session) => {
    const r = await api<Json>('POST', '/auth/login', {
      body: { email: s.username, password: s.password, rememberMe: false },
    });
    expect(r.status).toBe(200);
    return { token: String(r.json.token), refreshToken: String(r.json.refreshToken) };
  };

  test('rotation: each refresh token works once and yields a new pair', async () => {
    const s0 = await login(user);
    const r1 = await refresh(s0.refreshToken);
    expect(r1.status, JSON.stringify(r1.json)).toBe(200);
    expect(r1.json.refreshToken).not.toBe(s0.refreshToken);
    expect(typeof r1.json.token).toBe('string');
    expect((await api('GET', '/auth/me', { token: String(r1.json.token) })).status).toBe(200);
    const r2 = await refresh(String(r1.json.refreshToken));
    expect(r2.status).toBe(200);
  });

  test('replaying a rotated refresh token revokes the whole family', async () => {
    const s0 = await login(user);
    const r1 = await refresh(s0.refreshToken);
    expect(r1.status).toBe(200);
    const replay = await refresh(s0.refreshToken);
    expect(replay.status, 'the used token is refused').toBe(401);
    expectErrorBody(replay, 'replay');
    expect(replay.json.token).toBeUndefined();
    const newer = await refresh(String(r1.json.refreshToken));
    expect(newer.status, 'the newer token of the family is revoked too').toBe(401);
    // A separate sign-in (another family) is untouched.
    const separate = await login(user);
    expect((await refresh(separate.refreshToken)).status).toBe(200);
  });

  test('concurrent use of one refresh token yields at most one new pair', async () => {
    const s0 = await login(user);
    const results = await Promise.all(Array.from({ length: 6 }, () => refresh(s0.refreshToken)));
    const ok = results.filter((r) => r.status === 200);
    expect(ok.length, `statuses ${results.map((r) => r.status).join(',')}`).toBeLessThanOrEqual(1);
    for (const r of results.filter((x) => x.status !== 200)) expect(r.status).toBe(401);
  });

  test('logout revokes the session; access tokens are not refresh tokens', async () => {
    const s0 = await login(user);
    const r1 = await refresh(s0.refreshToken);
    expect(r1.status).toBe(200);
    const out = await api('POST', '/auth/logout', {
      body: { refreshToken: String(r1.json.refreshToken) },
    });
    expect(out.status).toBe(200);
    expect((await refresh(String(r1.json.refreshToken))).status, 'after logout').toBe(401);
    const twice = await api('POST', '/auth/logout', {
      body: { refreshToken: String(r1.json.refreshToken) },
    });
    expect(twice.status, 'logout is idempotent').toBe(200);

    for (const bogus of [s0.token, 'x', 'A'.repeat(64), `${s0.refreshToken}x`]) {
      const r = await refresh(bogus);
      expect(r.status, `refresh with ${bogus.slice(0, 12)}...`).toBe(401);
      expectErrorBody(r, 'bogus refresh');
    }
  });
});
