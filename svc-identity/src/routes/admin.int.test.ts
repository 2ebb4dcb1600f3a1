import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserResponse,
  AdminUsersResponse,
  DailyUserStatsResponse,
  Subjects,
} from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';

let h: IdentityHarness;
let admin: TestUser;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;
const DENIED = { error: 'Access denied. Admin privileges required.' };

beforeAll(async () => {
  h = await startHarness({ ADMIN_USERNAME: 'boss' });
  events = await collectIdentityEvents(await h.producer());
  const res = await h.api.post('/api/auth/register', {
    username: 'Boss',
    email: 'boss@example.test',
    password: PASSWORD,
  });
  admin = {
    id: res.body.user.id,
    username: 'Boss',
    email: 'boss@example.test',
    password: PASSWORD,
    token: res.body.token,
    refreshToken: res.body.refreshToken,
  };
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

describe('admin access', () => {
  it.each(['/api/admin/users', '/api/admin/daily-user-stats'])(
    '%s: 401 anonymous, 403 for others',
    async (path) => {
      expect((await h.api.get(path)).status).toBe(401);
      const user = await h.register('Plain');
      const res = await h.api.get(path, { token: user.token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual(DENIED);
    },
  );

  it('needs the signed admin claim, not only the name', async () => {
    const forged = await h.service.keys.privateKey; // a token minted for the admin's id, claim false
    const { signAccessToken } = await import('@forum/service-kit');
    const token = await signAccessToken(forged, { id: admin.id, username: 'Boss', isAdmin: false });
    expect((await h.api.get('/api/admin/users', { token })).status).toBe(403);
    const patch = await h.api.patch(`/api/admin/users/${admin.id}`, { is_active: true }, { token });
    expect(patch.body).toEqual(DENIED);
  });
});

describe('GET /api/admin/users', () => {
  let users: TestUser[];
  beforeAll(async () => {
    users = [];
    for (const prefix of ['Zed', 'amy', 'Mia']) users.push(await h.register(prefix));
  });

  it('pages, sorts and counts', async () => {
    const res = await h.api.get('/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    const page = AdminUsersResponse.parse(res.body);
    expect(page.pagination).toMatchObject({
      page: 1,
      limit: 25,
      hasPrevPage: false,
      hasNextPage: false,
    });
    expect(page.pagination.totalPages).toBe(Math.ceil(page.pagination.total / 25));
    // Default: created_at descending.
    const created = page.users.map((u) => u.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const row = page.users.find((u) => u.id === users[0]!.id)!;
    expect(row).toMatchObject({ email: users[0]!.email, is_active: true, email_verified: false });
    expect(Object.keys(row).sort()).toEqual(
      [
        'avatar_url',
        'created_at',
        'email',
        'email_verified',
        'id',
        'is_active',
        'last_active',
        'total_score',
        'username',
      ].sort(),
    );

    const byName = await h.api.get('/api/admin/users?sortBy=username&sortOrder=asc', {
      token: admin.token,
    });
    const names = byName.body.users.map((u: { username: string }) => u.username.toLowerCase());
    expect([...names].sort()).toEqual(names);
    for (const sortBy of ['email', 'last_active', 'total_score', 'created_at']) {
      expect(
        (await h.api.get(`/api/admin/users?sortBy=${sortBy}`, { token: admin.token })).status,
      ).toBe(200);
    }
  });

  it('searches username and email as literal text', async () => {
    const hit = await h.api.get(`/api/admin/users?search=${users[1]!.username.toUpperCase()}`, {
      token: admin.token,
    });
    expect(hit.body.users.map((u: { id: string }) => u.id)).toEqual([users[1]!.id]);
    const byEmail = await h.api.get('/api/admin/users?search=example.test&limit=50', {
      token: admin.token,
    });
    expect(byEmail.body.pagination.total).toBeGreaterThanOrEqual(4);
    const meta = await h.api.get(`/api/admin/users?search=${encodeURIComponent('.*')}`, {
      token: admin.token,
    });
    expect(meta.status).toBe(200);
    expect(meta.body.users).toEqual([]);
    const broken = await h.api.get(`/api/admin/users?search=${encodeURIComponent('(')}`, {
      token: admin.token,
    });
    expect(broken.status).toBe(200);
  });

  it('validates page, limit, sortBy and sortOrder', async () => {
    const cases: [string, string][] = [
      ['limit=10', 'limit must be 25, 50 or 100'],
      ['limit=abc', 'limit must be 25, 50 or 100'],
      ['page=0', 'page must be a positive integer'],
      [
        'sortBy=password_hash',
        'sortBy must be one of username, email, created_at, last_active, total_score',
      ],
      ['sortOrder=up', 'sortOrder must be asc or desc'],
    ];
    for (const [query, text] of cases) {
      const res = await h.api.get(`/api/admin/users?${query}`, { token: admin.token });
      expect(res.status, query).toBe(400);
      // Query errors keep the generic text; only bodies lead with their rule's own.
      expect(res.body, query).toEqual({ error: 'Validation failed', details: [text] });
    }
    const second = await h.api.get('/api/admin/users?limit=25&page=2', { token: admin.token });
    expect(second.body.pagination).toMatchObject({
      page: 2,
      hasPrevPage: true,
      hasNextPage: false,
    });
    expect(second.body.users).toEqual([]);
  });
});

describe('GET /api/admin/daily-user-stats', () => {
  it('has the last 7 UTC days, oldest first, zeros included', async () => {
    const res = await h.api.get('/api/admin/daily-user-stats', { token: admin.token });
    const { daily_stats } = DailyUserStatsResponse.parse(res.body);
    expect(daily_stats).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(daily_stats[6]!.date).toBe(today);
    expect(daily_stats[0]!.date).toBe(
      new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
    );
    const total = await h.service.conn.collection('users').countDocuments({});
    expect(daily_stats[6]!.new_users).toBe(total);
    expect(daily_stats.slice(0, 6).every((d) => d.new_users === 0)).toBe(true);
  });
});

describe('PATCH /api/admin/users/{id}: deactivation', () => {
  it('locks the account out everywhere and tells the other services', async () => {
    const user = await h.register('Gone');
    const res = await h.api.patch(
      `/api/admin/users/${user.id}`,
      { is_active: false },
      { token: admin.token },
    );
    expect(res.status).toBe(200);
    expect(AdminUserResponse.parse(res.body).user).toMatchObject({ id: user.id, is_active: false });

    const me = await h.api.get('/api/auth/me', { token: user.token });
    expect(me.status).toBe(401);
    expect(me.body).toEqual({ error: 'Account is deactivated' });
    expect(
      (await h.api.post('/api/auth/refresh', { refreshToken: user.refreshToken })).status,
    ).toBe(401);
    const wrong = await h.api.post('/api/auth/login', {
      email: user.email,
      password: 'Wrongpass1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ error: 'Invalid credentials' });
    const right = await h.api.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(right.status).toBe(403);
    expect(right.body).toEqual({ error: 'Account is deactivated' });
    expect((await h.api.get('/api/auth/referral-code', { token: user.token })).status).toBe(401);

    await waitFor(
      () =>
        events.of(Subjects.UserUpdated).find((e) => e.user_id === user.id && e.is_active === false),
      {
        what: 'identity.user.updated with is_active false',
      },
    );

    const back = await h.api.patch(
      `/api/admin/users/${user.id}`,
      { is_active: true },
      { token: admin.token },
    );
    expect(back.body.user.is_active).toBe(true);
    expect(
      (await h.api.post('/api/auth/login', { email: user.email, password: PASSWORD })).status,
    ).toBe(200);
    await waitFor(() =>
      events.of(Subjects.UserUpdated).find((e) => e.user_id === user.id && e.is_active === true),
    );
  });

  it('refuses to deactivate the admin themself, unknown ids and bad bodies', async () => {
    const self = await h.api.patch(
      `/api/admin/users/${admin.id}`,
      { is_active: false },
      { token: admin.token },
    );
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: 'You cannot deactivate your own account' });
    const unknown = await h.api.patch(
      '/api/admin/users/64b7f0c2a1b2c3d4e5f60718',
      { is_active: false },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found' });
    const badId = await h.api.patch(
      '/api/admin/users/nope',
      { is_active: false },
      { token: admin.token },
    );
    expect(badId.status).toBe(400);
    const badBody = await h.api.patch(
      `/api/admin/users/${admin.id}`,
      { is_active: 'no' },
      { token: admin.token },
    );
    expect(badBody.status).toBe(400);
    expect(badBody.body).toEqual({
      error: 'is_active must be true or false',
      details: ['is_active must be true or false'],
    });
  });
});
