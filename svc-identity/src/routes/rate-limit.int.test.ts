import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  type IdentityHarness,
} from '../test-support/identity-harness.js';

const LIMIT = 3;
const TOO_MANY = { error: 'Too many attempts. Please try again later.' };
let ip = 0;
const nextIp = () => `10.0.${Math.floor(++ip / 250)}.${ip % 250}`;
const from = (addr: string) => ({ headers: { 'x-forwarded-for': addr } });

function expectLimited(res: { status: number; body: unknown; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(15 * 60);
}

describe('behind the gateway (TRUST_PROXY=true, the default)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startHarness({ AUTH_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => h?.stop());

  const login = (email: string, addr: string, password = 'Wrongpass1') =>
    h.api.post('/api/auth/login', { email, password }, from(addr));

  it('limits login per client IP, across accounts', async () => {
    const addr = nextIp();
    for (let i = 0; i < LIMIT; i++)
      expect((await login(`n${i}@example.test`, addr)).status).toBe(401);
    expectLimited(await login('another@example.test', addr));
    // Another client is not affected.
    expect((await login('another@example.test', nextIp())).status).toBe(401);
  });

  it('limits login per account, across IPs', async () => {
    const user = await h.register('Acct', {}, from(nextIp()).headers);
    for (let i = 0; i < LIMIT; i++) expect((await login(user.email, nextIp())).status).toBe(401);
    // Even the right password waits for the window: the budget is per account.
    expectLimited(await login(user.username.toUpperCase(), nextIp(), PASSWORD));
  });

  it('limits register per IP and per email', async () => {
    const addr = nextIp();
    for (let i = 0; i < LIMIT; i++) await h.register('Many', {}, from(addr).headers);
    const name = uniqueName('Late');
    const body = { username: name, email: `${name}@example.test`, password: PASSWORD };
    expectLimited(await h.api.post('/api/auth/register', body, from(addr)));
    for (let i = 0; i < LIMIT; i++) {
      await h.api.post(
        '/api/auth/register',
        { ...body, username: uniqueName('Dup') },
        from(nextIp()),
      );
    }
    expectLimited(
      await h.api.post(
        '/api/auth/register',
        { ...body, username: uniqueName('D') },
        from(nextIp()),
      ),
    );
  });

  it('limits refresh per IP and per account', async () => {
    const user = await h.register('Ref', {}, from(nextIp()).headers);
    const addr = nextIp();
    for (let i = 0; i < LIMIT; i++) {
      expect(
        (await h.api.post('/api/auth/refresh', { refreshToken: `bogus${i}` }, from(addr))).status,
      ).toBe(401);
    }
    expectLimited(
      await h.api.post('/api/auth/refresh', { refreshToken: user.refreshToken }, from(addr)),
    );
    let token = user.refreshToken;
    for (let i = 0; i < LIMIT; i++) {
      const res = await h.api.post('/api/auth/refresh', { refreshToken: token }, from(nextIp()));
      expect(res.status).toBe(200);
      token = res.body.refreshToken;
    }
    expectLimited(await h.api.post('/api/auth/refresh', { refreshToken: token }, from(nextIp())));
  });

  it('limits password reset requests per IP and per email', async () => {
    const addr = nextIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await h.api.post(
        '/api/auth/forgot-password',
        { email: `p${i}@example.test` },
        from(addr),
      );
      expect(res.status).toBe(200);
    }
    expectLimited(
      await h.api.post('/api/auth/forgot-password', { email: 'q@example.test' }, from(addr)),
    );
    for (let i = 0; i < LIMIT; i++) {
      await h.api.post('/api/auth/forgot-password', { email: 'same@example.test' }, from(nextIp()));
    }
    expectLimited(
      await h.api.post('/api/auth/forgot-password', { email: 'SAME@example.test' }, from(nextIp())),
    );
    const resetAddr = nextIp();
    for (let i = 0; i < LIMIT; i++) {
      await h.api.post(
        '/api/auth/reset-password',
        { token: `t${i}`, password: PASSWORD },
        from(resetAddr),
      );
    }
    expectLimited(
      await h.api.post(
        '/api/auth/reset-password',
        { token: 't', password: PASSWORD },
        from(resetAddr),
      ),
    );
  });

  it('limits password and email changes and verification resends per account', async () => {
    const user = await h.register('Settings', {}, from(nextIp()).headers);
    const auth = (addr: string) => ({ token: user.token, ...from(addr) });
    const wrong = { current_password: 'Wrongpass1', new_password: 'N3wPassword' };
    for (let i = 0; i < LIMIT; i++) {
      expect((await h.api.put('/api/auth/password', wrong, auth(nextIp()))).status).toBe(400);
    }
    // The right password waits for the window too: the budget is the account's, not the IP's.
    const right = { current_password: PASSWORD, new_password: 'N3wPassword' };
    expectLimited(await h.api.put('/api/auth/password', right, auth(nextIp())));

    const email = { password: 'Wrongpass1', email: `${uniqueName('n')}@example.test` };
    for (let i = 0; i < LIMIT; i++) {
      expect((await h.api.put('/api/auth/email', email, auth(nextIp()))).status).toBe(400);
    }
    expectLimited(
      await h.api.put('/api/auth/email', { ...email, password: PASSWORD }, auth(nextIp())),
    );

    for (let i = 0; i < LIMIT; i++) {
      const res = await h.api.post('/api/auth/verify-email/resend', {}, auth(nextIp()));
      expect(res.status).toBe(200);
    }
    expectLimited(await h.api.post('/api/auth/verify-email/resend', {}, auth(nextIp())));
  });

  it('limits account deletion per account', async () => {
    const user = await h.register('Leaving', {}, from(nextIp()).headers);
    const remove = (password: string) =>
      h.api.call('DELETE', '/api/auth/me', {
        json: { password },
        token: user.token,
        ...from(nextIp()),
      });
    for (let i = 0; i < LIMIT; i++) expect((await remove('Wrongpass1')).status).toBe(400);
    // The right password waits for the window too; the account is still there.
    expectLimited(await remove(PASSWORD));
    expect((await h.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
  });

  it('limits email verification attempts per IP', async () => {
    const addr = nextIp();
    for (let i = 0; i < LIMIT; i++) {
      const res = await h.api.post('/api/auth/verify-email', { token: `bogus${i}` }, from(addr));
      expect(res.status).toBe(400);
    }
    expectLimited(await h.api.post('/api/auth/verify-email', { token: 'bogus' }, from(addr)));
    expect(
      (await h.api.post('/api/auth/verify-email', { token: 'x' }, from(nextIp()))).status,
    ).toBe(400);
  });

  it('opens again when the window has passed; counters expire through a TTL index', async () => {
    const addr = nextIp();
    for (let i = 0; i <= LIMIT; i++) await login('w@example.test', addr);
    expectLimited(await login('x@example.test', addr));
    h.clock.offsetMs = 15 * 60_000;
    try {
      expect((await login('x2@example.test', addr)).status).toBe(401);
    } finally {
      h.clock.offsetMs = 0;
    }
    const throttle = h.service.conn.collection('login_throttle');
    const indexes = await throttle.indexes();
    expect(indexes.find((i) => i.key.expires_at === 1)?.expireAfterSeconds).toBe(0);
    const doc = await throttle.findOne({});
    expect(doc!.expires_at.getTime() - Date.now()).toBeLessThanOrEqual(15 * 60_000 * 2);
    // Accounts are kept as hashes, not as the email or username typed.
    expect(JSON.stringify(await throttle.find({}).toArray())).not.toContain('@example.test');
  });
});

describe('reached directly (TRUST_PROXY=false)', () => {
  let h: IdentityHarness;
  beforeAll(async () => {
    h = await startHarness({ AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: 'false' });
  });
  afterAll(() => h?.stop());

  it('ignores X-Forwarded-For, so rotating it does not escape the per-IP limit', async () => {
    for (let i = 0; i < LIMIT; i++) {
      const res = await h.api.post(
        '/api/auth/login',
        { email: `z${i}@example.test`, password: 'Wrongpass1' },
        from(nextIp()),
      );
      expect(res.status).toBe(401);
    }
    expectLimited(
      await h.api.post(
        '/api/auth/login',
        { email: 'z@example.test', password: 'x' },
        from(nextIp()),
      ),
    );
  });
});
