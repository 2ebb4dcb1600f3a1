import { test, expect } from '@playwright/test';
import { startSystemStack, type SystemStack } from '../../lib/system-stack.js';
import {
  apiClient,
  expectErrorBody,
  uniqueName,
  type Api,
  type ApiResult,
  type Json,
} from './helpers.js';
import { decodeJwt } from './jwt.js';

/**
 * A dedicated stack with the production-like small auth budget (AUTH_RATE_LIMIT=5 per 15 min) and
 * 5-second access tokens. Through the gateway every caller is its TCP peer (TRUST_PROXY is off
 * there, so a forged X-Forwarded-For changes nothing); identity itself trusts X-Forwarded-For from
 * the gateway, which lets these tests play many client IPs directly against it to reach the
 * per-account budgets.
 */

const LIMIT = 5;
const WINDOW_SECONDS = 15 * 60;
const TOO_MANY = /too many/i;
const PASSWORD = 'Secur1tyPass';

let stack: SystemStack;
let gw: Api;
let identityUrl: string;
let ipCounter = 0;

/** A fresh client IP (TEST-NET-2) for requests sent straight to identity. */
const freshIp = () => `198.51.100.${++ipCounter}`;

/** Straight to identity, as the gateway would forward a client at `ip`. */
function direct(ip: string): Api {
  const api = apiClient(identityUrl);
  return (method, path, options = {}) =>
    api(method, path, { ...options, headers: { ...options.headers, 'x-forwarded-for': ip } });
}

function expect429(res: ApiResult<Json>, what: string): void {
  expect(res.status, `${what}: ${JSON.stringify(res.json)}`).toBe(429);
  expectErrorBody(res, what);
  expect(String(res.json.error), what).toMatch(TOO_MANY);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter), `${what}: Retry-After is whole seconds`).toBe(true);
  expect(retryAfter, `${what}: Retry-After`).toBeGreaterThan(0);
  expect(retryAfter, `${what}: Retry-After within the window`).toBeLessThanOrEqual(WINDOW_SECONDS);
}

async function register(api: Api, prefix: string) {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.test`;
  const res = await api<Json>('POST', '/auth/register', {
    body: { username, email, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return {
    username,
    email,
    token: String(res.json.token),
    refreshToken: String(res.json.refreshToken),
  };
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  stack = await startSystemStack({
    label: 'sec-ratelimit',
    extraEnv: { AUTH_RATE_LIMIT: String(LIMIT), ACCESS_TOKEN_TTL: '5' },
  });
  gw = apiClient(stack.gatewayUrl);
  identityUrl = stack.serviceUrl('identity');
});

test.afterAll(async () => {
  await stack?.stop();
});

test('an expired access token is refused by every service; the refresh token still works', async () => {
  const ip = freshIp();
  const user = await register(direct(ip), 'rlexp');
  const { payload } = decodeJwt(user.token);
  expect(Number(payload.exp) - Number(payload.iat)).toBe(5);
  const routes = ['/auth/me', '/communities/my', '/notifications/unread-count'];
  // Wait out the token's life (plus a second of clock granularity).
  const waitMs = Number(payload.exp) * 1000 + 1100 - Date.now();
  await new Promise((r) => setTimeout(r, Math.max(0, waitMs)));
  for (const path of routes) {
    const res = await gw<Json>('GET', path, { token: user.token });
    expect(res.status, `${path} with an expired token`).toBe(401);
    expectErrorBody(res, path);
  }
  const refreshed = await direct(ip)<Json>('POST', '/auth/refresh', {
    body: { refreshToken: user.refreshToken },
  });
  expect(refreshed.status).toBe(200);
  for (const path of routes) {
    const res = await gw('GET', path, { token: String(refreshed.json.token) });
    expect(res.status, `${path} with the refreshed token`).toBe(200);
  }
});

test('login: per IP through the gateway, forged X-Forwarded-For does not help', async () => {
  for (let i = 0; i < LIMIT; i++) {
    const res = await gw<Json>('POST', '/auth/login', {
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: { email: uniqueName('nobody'), password: 'wrong-password', rememberMe: false },
    });
    expect(res.status, `attempt ${i + 1}: ${JSON.stringify(res.json)}`).toBe(401);
  }
  const blocked = await gw<Json>('POST', '/auth/login', {
    headers: { 'x-forwarded-for': '203.0.113.200' },
    body: { email: uniqueName('nobody'), password: 'wrong-password', rememberMe: false },
  });
  expect429(blocked, 'login over the per-IP budget');
  expect(blocked.json.token).toBeUndefined();
});

test('login: per account, across many client IPs, by email or username alike', async () => {
  const user = await register(direct(freshIp()), 'rlacct');
  const identifiers = [
    user.email,
    user.username,
    user.email.toUpperCase(),
    user.username,
    user.email,
  ];
  for (const [i, email] of identifiers.entries()) {
    const res = await direct(freshIp())<Json>('POST', '/auth/login', {
      body: { email, password: 'wrong-password', rememberMe: false },
    });
    expect(res.status, `attempt ${i + 1}`).toBe(401);
  }
  // Even the right password from a brand-new IP is refused until the window ends.
  const locked = await direct(freshIp())<Json>('POST', '/auth/login', {
    body: { email: user.username, password: PASSWORD, rememberMe: false },
  });
  expect429(locked, 'login over the per-account budget');
  expect(locked.json.token).toBeUndefined();
  // Another account from a fresh IP is not affected.
  const other = await register(direct(freshIp()), 'rlfree');
  const fine = await direct(freshIp())<Json>('POST', '/auth/login', {
    body: { email: other.username, password: PASSWORD, rememberMe: false },
  });
  expect(fine.status).toBe(200);
});

test('register: per IP through the gateway and per email across IPs', async () => {
  for (let i = 0; i < LIMIT; i++) {
    const username = uniqueName('rlreg');
    const res = await gw<Json>('POST', '/auth/register', {
      headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
      body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
    });
    expect(res.status, `registration ${i + 1}: ${JSON.stringify(res.json)}`).toBe(201);
  }
  const username = uniqueName('rlreg');
  const blocked = await gw<Json>('POST', '/auth/register', {
    body: { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
  });
  expect429(blocked, 'register over the per-IP budget');
  // Nothing was created by the refused registration.
  expect((await gw('GET', `/auth/user/${username}`)).status).toBe(404);

  const email = `${uniqueName('rlmail').toLowerCase()}@example.test`;
  for (let i = 0; i < LIMIT; i++) {
    const res = await direct(freshIp())<Json>('POST', '/auth/register', {
      body: { username: uniqueName('rlsame'), email, password: PASSWORD },
    });
    expect(res.status, `same email ${i + 1}`).toBe(i === 0 ? 201 : 409);
  }
  expect429(
    await direct(freshIp())<Json>('POST', '/auth/register', {
      body: { username: uniqueName('rlsame'), email, password: PASSWORD },
    }),
    'register over the per-email budget',
  );
});

test('forgot-password: per IP through the gateway and per email across IPs', async () => {
  for (let i = 0; i < LIMIT; i++) {
    const res = await gw<Json>('POST', '/auth/forgot-password', {
      body: { email: `${uniqueName('rlfp')}@example.test` },
    });
    expect(res.status, `request ${i + 1}: ${JSON.stringify(res.json)}`).toBe(200);
  }
  expect429(
    await gw<Json>('POST', '/auth/forgot-password', {
      body: { email: `${uniqueName('rlfp')}@example.test` },
    }),
    'forgot-password over the per-IP budget',
  );
  const email = `${uniqueName('rlfpone').toLowerCase()}@example.test`;
  for (let i = 0; i < LIMIT; i++) {
    const res = await direct(freshIp())<Json>('POST', '/auth/forgot-password', { body: { email } });
    expect(res.status).toBe(200);
  }
  expect429(
    await direct(freshIp())<Json>('POST', '/auth/forgot-password', { body: { email } }),
    'forgot-password over the per-email budget',
  );
});

test('other routes are unaffected while the gateway client is throttled', async () => {
  // The gateway client (127.0.0.1) has spent its login, register and password-reset budgets.
  expect429(
    await gw<Json>('POST', '/auth/login', {
      body: { email: 'someone', password: 'x', rememberMe: false },
    }),
    'still throttled',
  );
  const user = await register(direct(freshIp()), 'rlother');
  const checks: [string, string, unknown?][] = [
    ['GET', '/communities'],
    ['GET', '/posts'],
    ['GET', '/auth/me'],
    ['GET', '/notifications/unread-count'],
    ['GET', `/auth/user/${user.username}`],
    ['POST', '/auth/logout', { refreshToken: 'not-a-real-token' }],
  ];
  for (const [method, path, body] of checks) {
    const res = await gw(method, path, { token: user.token, ...(body ? { body } : {}) });
    expect(res.status, `${method} ${path}`).toBe(200);
    expect(res.headers.get('retry-after'), `${method} ${path}`).toBeNull();
  }
});
