import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { PublicUserResponse, SessionResponse, UserResponse } from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  type IdentityHarness,
} from '../test-support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const register = (body: Record<string, unknown>) => h.api.post('/api/auth/register', body);
const valid = () => {
  const username = uniqueName('Reg');
  return { username, email: `${username}@example.test`, password: PASSWORD };
};

describe('POST /api/auth/register', () => {
  it('creates the account and signs the user in', async () => {
    const body = valid();
    const res = await register(body);
    expect(res.status).toBe(201);
    const session = SessionResponse.parse(res.body);
    expect(session.user).toMatchObject({
      username: body.username,
      email: body.email,
      avatar_url: null,
      total_score: 0,
    });
    // `<family id>.<secret>`: the family (a sign-in) is found by its id, its shard key.
    const [family] = await h.service.conn
      .collection('refresh_token_families')
      .find({ user_id: new Types.ObjectId(session.user.id) })
      .toArray();
    expect(session.refreshToken).toMatch(/^[0-9a-f]{24}\.[A-Za-z0-9_-]{43}$/);
    expect(session.refreshToken.split('.')[0]).toBe(family!._id.toHexString());
    const me = await h.api.get('/api/auth/me', { token: session.token });
    expect(UserResponse.parse(me.body).user.id).toBe(session.user.id);
  });

  it.each([
    [{ username: 'ab' }, 'Username must be between 3 and 50 characters'],
    [{ username: 'a'.repeat(51) }, 'Username must be between 3 and 50 characters'],
    [{ username: 'bad_name' }, 'Username can only contain letters and numbers'],
    [{ username: 'spa ce' }, 'Username can only contain letters and numbers'],
    [{ username: undefined }, 'Username is required'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ email: undefined }, 'Email is required'],
    [{ password: 'Sh0rt' }, 'Password must be at least 8 characters long'],
    [
      { password: 'alllowercase1' },
      'Password must contain an uppercase letter, a lowercase letter and a number',
    ],
    [
      { password: 'ALLUPPERCASE1' },
      'Password must contain an uppercase letter, a lowercase letter and a number',
    ],
    [
      { password: 'NoDigitsHere' },
      'Password must contain an uppercase letter, a lowercase letter and a number',
    ],
    [{ password: `Aa1${'x'.repeat(70)}` }, 'Password must be at most 72 characters long'],
    [{ password: undefined }, 'Password is required'],
  ])('refuses %j with its text', async (override, text) => {
    const res = await register({ ...valid(), ...override });
    expect(res.status).toBe(400);
    // A body's error is its first broken rule's own text (as forum and messaging answer).
    expect(res.body).toEqual({ error: text, details: [text] });
  });

  it('lists every problem at once', async () => {
    const res = await register({ username: 'x!', email: 'nope', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Username must be between 3 and 50 characters',
      details: [
        'Username must be between 3 and 50 characters',
        'Username can only contain letters and numbers',
        'Please enter a valid email address',
        'Password must be at least 8 characters long',
      ],
    });
  });

  it('treats usernames and emails as taken regardless of case', async () => {
    const first = valid();
    expect((await register(first)).status).toBe(201);
    const sameName = await register({ ...valid(), username: first.username.toUpperCase() });
    expect(sameName.status).toBe(409);
    expect(sameName.body.error).toBe('Username is already taken');
    const sameEmail = await register({ ...valid(), email: first.email.toUpperCase() });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error).toBe('Email is already registered');
    const both = await register({ ...first, username: first.username.toLowerCase() });
    expect(both.body).toEqual({
      error: 'Username is already taken',
      details: ['Username is already taken', 'Email is already registered'],
    });
  });

  it('keeps the unique indexes as the last word when registrations race', async () => {
    const body = valid();
    const results = await Promise.all([
      register(body),
      register({ ...body, email: `x${body.email}` }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('ignores a referral code that is not 8 of A-Z0-9 or belongs to nobody', async () => {
    for (const referral_code of ['abc', 'ABCDEFG1', 'ABCDEFG!', null]) {
      const res = await register({ ...valid(), referral_code });
      expect(res.status).toBe(201);
    }
  });
});

describe('POST /api/auth/login', () => {
  it('accepts the email or the username, in any case', async () => {
    const user = await h.register('Login');
    for (const email of [
      user.email,
      user.email.toUpperCase(),
      user.username,
      user.username.toUpperCase(),
    ]) {
      const res = await h.api.post('/api/auth/login', {
        email,
        password: PASSWORD,
        rememberMe: false,
      });
      expect(res.status).toBe(200);
      expect(SessionResponse.parse(res.body).user.id).toBe(user.id);
    }
  });

  it('answers wrong credentials with one text that does not say which part was wrong', async () => {
    const user = await h.register('Wrong');
    const attempts = [
      { email: user.email, password: 'Wrongpass1' },
      { email: 'nobody@example.test', password: PASSWORD },
      { email: 'nobody', password: PASSWORD },
    ];
    for (const body of attempts) {
      const res = await h.api.post('/api/auth/login', body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Invalid credentials' });
    }
  });

  it('requires both fields', async () => {
    const res = await h.api.post('/api/auth/login', { email: ' ', password: '' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Email or username is required',
      details: ['Email or username is required', 'Password is required'],
    });
  });
});

describe('GET /api/auth/me', () => {
  it('needs a valid token', async () => {
    expect((await h.api.get('/api/auth/me')).body).toEqual({ error: 'Authentication required' });
    const bad = await h.api.get('/api/auth/me', { token: 'x.y.z' });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ error: 'Invalid or expired token' });
  });

  it('moves last_active at most once a minute', async () => {
    const user = await h.register('Active');
    const users = h.service.conn.collection('users');
    const lastActive = async () =>
      (await users.findOne({ username: user.username }))?.last_active as Date;
    await h.api.get('/api/auth/me', { token: user.token });
    const first = await lastActive();
    expect(first).toBeInstanceOf(Date);
    await h.api.get('/api/auth/me', { token: user.token });
    expect((await lastActive()).getTime()).toBe(first.getTime());
    h.clock.offsetMs = 61_000;
    try {
      await h.api.get('/api/auth/me', { token: user.token });
      expect((await lastActive()).getTime()).toBeGreaterThan(first.getTime() + 60_000);
    } finally {
      h.clock.offsetMs = 0;
    }
  });
});

describe('GET /api/auth/user/{username}', () => {
  it('shows the public profile, never the email or secrets', async () => {
    const user = await h.register('Profile');
    const res = await h.api.get(`/api/auth/user/${user.username.toUpperCase()}`);
    expect(res.status).toBe(200);
    const parsed = PublicUserResponse.strict().parse(res.body);
    expect(Object.keys(parsed.user).sort()).toEqual(
      ['avatar_url', 'created_at', 'id', 'total_score', 'username'].sort(),
    );
    expect(res.text).not.toContain('@');
  });

  it('answers 404 User not found', async () => {
    const res = await h.api.get('/api/auth/user/nobodyhere');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'User not found' });
  });
});

describe('responses', () => {
  it('were all inspected for leaks', () => {
    expect(h.api.responses.length).toBeGreaterThan(20);
  });
});
