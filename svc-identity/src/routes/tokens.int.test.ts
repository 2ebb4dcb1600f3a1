import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { RefreshResponse } from '@forum/contracts';
import { createAuth } from '@forum/service-kit';
import { PASSWORD, startHarness, type IdentityHarness } from '../test-support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness({ ADMIN_USERNAME: 'TokenAdmin' });
});
afterAll(() => h?.stop());

const refresh = (refreshToken: string) => h.api.post('/api/auth/refresh', { refreshToken });
const families = () => h.service.conn.collection('refresh_token_families');
const DAY = 86_400_000;

describe('access tokens', () => {
  it('are ES256 JWTs for 15 minutes with id, username and the admin flag, verifiable by JWKS', async () => {
    const auth = createAuth({ jwksUrl: `${h.service.url}/.well-known/jwks.json` });
    const user = await h.register('Tok');
    expect(await auth.verify(user.token)).toEqual({
      id: user.id,
      username: user.username,
      isAdmin: false,
    });
    const [header, payload] = user.token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p!, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'ES256', kid: h.service.keys.kid });
    expect(payload.exp - payload.iat).toBe(900);

    const admin = await h.api.post('/api/auth/register', {
      username: 'TokenAdmin',
      email: 'tokenadmin@example.test',
      password: PASSWORD,
    });
    expect((await auth.verify(admin.body.token)).isAdmin).toBe(true);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates: each refresh token works once and yields a new pair', async () => {
    const user = await h.register('Rot');
    const first = await refresh(user.refreshToken);
    expect(first.status).toBe(200);
    const pair = RefreshResponse.strict().parse(first.body);
    expect(pair.refreshToken).not.toBe(user.refreshToken);
    expect((await h.api.get('/api/auth/me', { token: pair.token })).status).toBe(200);
    const second = await refresh(pair.refreshToken);
    expect(second.status).toBe(200);
    // Only hashes are stored.
    const stored = JSON.stringify(await families().find({}).toArray());
    expect(stored).not.toContain(pair.refreshToken);
    expect(stored).not.toContain(second.body.refreshToken);
  });

  it('revokes the whole family when a used token is replayed', async () => {
    const user = await h.register('Reuse');
    const rotated = await refresh(user.refreshToken);
    const replay = await refresh(user.refreshToken);
    expect(replay.status).toBe(401);
    expect(replay.body).toEqual({ error: 'Invalid or expired refresh token' });
    // The legitimate holder's newer token is dead too: both must sign in again.
    expect((await refresh(rotated.body.refreshToken)).status).toBe(401);
    const family = await families().findOne({ user_id: new Types.ObjectId(user.id) });
    expect(family?.revoke_reason).toBe('reuse');
  });

  it('treats two simultaneous uses of one token as a replay', async () => {
    const user = await h.register('Race');
    const results = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    expect(results.some((r) => r.status === 401)).toBe(true);
  });

  it('refuses unknown, missing and revoked tokens', async () => {
    expect((await refresh('made-up')).status).toBe(401);
    const missing = await h.api.post('/api/auth/refresh', {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      error: 'Refresh token is required',
      details: ['Refresh token is required'],
    });
  });

  it('lives 1 day without rememberMe and 30 days with it', async () => {
    const user = await h.register('Life');
    const lifetimes: Record<string, number> = {};
    for (const rememberMe of [false, true]) {
      const login = await h.api.post('/api/auth/login', {
        email: user.email,
        password: PASSWORD,
        rememberMe,
      });
      const before = Date.now();
      const stored = await families()
        .find({ remember: rememberMe })
        .sort({ created_at: -1 })
        .limit(1)
        .next();
      lifetimes[String(rememberMe)] = Math.round((stored!.expires_at.getTime() - before) / DAY);
      // Past its end the session is over (the TTL index removes it later).
      h.clock.offsetMs = (rememberMe ? 30 : 1) * DAY + 60_000;
      try {
        expect((await refresh(login.body.refreshToken)).status).toBe(401);
      } finally {
        h.clock.offsetMs = 0;
      }
    }
    expect(lifetimes).toEqual({ false: 1, true: 30 });
    // Just before its end, a remembered session still refreshes.
    const login = await h.api.post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
      rememberMe: true,
    });
    h.clock.offsetMs = 29 * DAY;
    try {
      expect((await refresh(login.body.refreshToken)).status).toBe(200);
    } finally {
      h.clock.offsetMs = 0;
    }
    const indexes = await families().indexes();
    expect(indexes.find((i) => i.key.expires_at === 1)?.expireAfterSeconds).toBe(0);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the family and is idempotent', async () => {
    const user = await h.register('Out');
    const other = await h.api.post('/api/auth/login', { email: user.email, password: PASSWORD });
    for (let i = 0; i < 2; i++) {
      const res = await h.api.post('/api/auth/logout', { refreshToken: user.refreshToken });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Logged out' });
    }
    expect((await refresh(user.refreshToken)).status).toBe(401);
    // Another session of the same user is untouched.
    expect((await refresh(other.body.refreshToken)).status).toBe(200);
    expect((await h.api.post('/api/auth/logout', {})).status).toBe(200);
    expect((await h.api.post('/api/auth/logout', { refreshToken: 'unknown' })).status).toBe(200);
  });
});
