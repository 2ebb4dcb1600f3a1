import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AdminUserResponse,
  AdminUsersResponse,
  DailyUserStatsResponse,
  SiteModerationRecordedEvent,
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
      ['limit=0', 'limit must be at least 1'],
      ['limit=101', 'limit must be at most 100'],
      ['limit=abc', 'limit must be an integer'],
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
      expect(res.body, query).toEqual({ error: text, details: [text] });
    }
    // Any size up to 100, and the order in either case (the spec's screen toggles DESC/ASC).
    const small = await h.api.get('/api/admin/users?limit=2&sortBy=username&sortOrder=ASC', {
      token: admin.token,
    });
    expect(small.status).toBe(200);
    expect(small.body.pagination).toMatchObject({ limit: 2, hasNextPage: true });
    // Usernames sort without regard to case.
    const names = small.body.users.map((u: { username: string }) => u.username.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(names).toHaveLength(2);
    const desc = await h.api.get('/api/admin/users?limit=2&sortBy=username&sortOrder=DESC', {
      token: admin.token,
    });
    expect(desc.body.users[0].username.toLowerCase() > names[0]).toBe(true);
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
      { is_active: false, reason: 'Spam' },
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
      { is_active: false, reason: 'Testing' },
      { token: admin.token },
    );
    expect(self.status).toBe(400);
    expect(self.body).toEqual({ error: 'You cannot deactivate your own account' });
    const unknown = await h.api.patch(
      '/api/admin/users/64b7f0c2a1b2c3d4e5f60718',
      { is_active: false, reason: 'Testing' },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found' });
    const badId = await h.api.patch(
      '/api/admin/users/nope',
      { is_active: false, reason: 'Testing' },
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

describe('PATCH /api/admin/users/{id}: site_ban and site_unban (EXTENSIONS §M3)', () => {
  const setActive = (id: string, body: Record<string, unknown>) =>
    h.api.patch(`/api/admin/users/${id}`, body, { token: admin.token });
  const siteEvents = (userId: string) =>
    events.of(Subjects.SiteModerationRecorded).filter((e) => e.user_id === userId);
  const outboxEmpty = async () =>
    (await h.service.conn.collection('event_outbox').countDocuments({})) === 0;

  /**
   * The user's site_moderated events once `last` has arrived and nothing is left in the outbox:
   * the relay publishes in order and the collector reads the stream in order, so any event
   * stored before `last` (a repeat's, if it wrote one) has arrived by then too.
   */
  const siteEventsUpTo = (userId: string, last: (e: Record<string, unknown>) => boolean) =>
    waitFor(
      async () => {
        const list = siteEvents(userId);
        return list.some(last) && (await outboxEmpty()) ? list : undefined;
      },
      { what: `identity.user.site_moderated for ${userId}` },
    );

  it('writes one event per change of state and none for a repeat', async () => {
    const user = await h.register('Banned');
    const steps: Array<[Record<string, unknown>, boolean]> = [
      [{ is_active: false, reason: '  Spam links  ' }, false],
      [{ is_active: false, reason: 'Repeat: already deactivated' }, false],
      [{ is_active: true }, true],
      [{ is_active: true, reason: 'Repeat: already active' }, true],
      [{ is_active: false, reason: 'Back to spam' }, false],
      [{ is_active: true, reason: 'Appeal accepted' }, true],
    ];
    for (const [body, active] of steps) {
      const res = await setActive(user.id, body);
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(res.body.user.is_active).toBe(active);
    }

    const list = await siteEventsUpTo(user.id, (e) => e.reason === 'Appeal accepted');
    for (const e of list) SiteModerationRecordedEvent.parse(e);
    expect(list.map((e) => [e.action, e.reason])).toEqual([
      ['site_ban', 'Spam links'],
      ['site_unban', null],
      ['site_ban', 'Back to spam'],
      ['site_unban', 'Appeal accepted'],
    ]);
    expect(list[0]).toMatchObject({
      user_id: user.id,
      username: user.username,
      moderator_id: admin.id,
      moderator_username: 'Boss',
    });
    expect(Date.parse(list[0]!.created_at)).toBeGreaterThan(Date.now() - 60_000);
    // identity.user.updated is unchanged: one per request, carrying the status.
    const updated = events.of(Subjects.UserUpdated).filter((e) => e.user_id === user.id);
    expect(updated.map((e) => e.is_active)).toEqual(steps.map(([, active]) => active));
  });

  it.each([
    ['no reason', { is_active: false }, 'Reason is required'],
    ['a null reason', { is_active: false, reason: null }, 'Reason is required'],
    ['a blank reason', { is_active: false, reason: '   ' }, 'Reason is required'],
    [
      'a reason over 500 characters',
      { is_active: false, reason: 'x'.repeat(501) },
      'Reason must be at most 500 characters',
    ],
  ])('refuses deactivation with %s and changes nothing', async (_what, body, text) => {
    const user = await h.register('Kept');
    const res = await setActive(user.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(text);
    expect(res.body.details).toContain(text);

    // Still active, still signed in, and no event: the next real change is the first one.
    expect((await h.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    expect(
      (await h.api.post('/api/auth/refresh', { refreshToken: user.refreshToken })).status,
    ).toBe(200);
    const list = await h.api.get(`/api/admin/users?search=${user.username}`, {
      token: admin.token,
    });
    expect(list.body.users[0].is_active).toBe(true);
    expect((await setActive(user.id, { is_active: false, reason: 'Now for real' })).status).toBe(
      200,
    );
    const site = await siteEventsUpTo(user.id, (e) => e.reason === 'Now for real');
    expect(site.map((e) => e.action)).toEqual(['site_ban']);
    const updated = events.of(Subjects.UserUpdated).filter((e) => e.user_id === user.id);
    expect(updated.map((e) => e.is_active)).toEqual([false]);
  });

  it('takes 500 characters and stores the reason trimmed', async () => {
    const user = await h.register('Long');
    const reason = 'r'.repeat(500);
    expect((await setActive(user.id, { is_active: false, reason: ` ${reason} ` })).status).toBe(
      200,
    );
    const [event] = await siteEventsUpTo(user.id, (e) => e.action === 'site_ban');
    expect(event!.reason).toBe(reason);
  });

  it('leaves a refused caller without effect', async () => {
    const user = await h.register('Target');
    const other = await h.register('Other');
    const res = await h.api.patch(
      `/api/admin/users/${user.id}`,
      { is_active: false, reason: 'Not yours to decide' },
      { token: other.token },
    );
    expect(res.status).toBe(403);
    expect((await h.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
    expect((await setActive(user.id, { is_active: false, reason: 'Admin decides' })).status).toBe(
      200,
    );
    const site = await siteEventsUpTo(user.id, (e) => e.reason === 'Admin decides');
    expect(site).toHaveLength(1);
  });
});
