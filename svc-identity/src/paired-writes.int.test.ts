import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import sharp from 'sharp';
import { Subjects, type EventSubject } from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from './test-support/identity-harness.js';
import { collectIdentityEvents } from './test-support/event-collector.js';

/**
 * Writes that must stand or fall together: a failure injected between them (a model call or the
 * outbox throwing, as a crash would stop the request there) leaves none of them behind, and the
 * same request then succeeds from a clean slate.
 */
let h: IdentityHarness;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;
let admin: TestUser;
beforeAll(async () => {
  h = await startHarness({ FOUNDERS_CLUB_LIMIT: '2', ADMIN_USERNAME: 'pairadmin' });
  events = await collectIdentityEvents(await h.producer());
  admin = await h.register('x', { username: 'PairAdmin', email: 'pairadmin@example.test' });
});
afterEach(() => {
  vi.restoreAllMocks();
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

const failure = () => Promise.reject(new Error('injected failure between paired writes'));
const models = () => h.service.deps.models;
const codeOf = async (user: TestUser) =>
  (await h.api.get('/api/auth/referral-code', { token: user.token })).body.referral_code as string;

/** The outbox fails when asked to store `subject` (after the writes before it succeeded). */
function failOutboxAt(subject: EventSubject) {
  const { outbox } = h.service;
  const add = outbox.add.bind(outbox);
  vi.spyOn(outbox, 'add').mockImplementation((s, data, options) =>
    s === subject ? failure() : add(s, data, options),
  );
}

/** Every trace a registration of `username` could leave in identity's database. */
async function tracesOf(username: string) {
  const { User, UserKey, RefreshFamily, Referral, Badge } = models();
  const user = await User.findOne({ username_lower: username.toLowerCase() }).lean();
  const id = user?._id ?? new Types.ObjectId();
  return {
    users: user ? 1 : 0,
    claims: await UserKey.countDocuments({ _id: `username:${username.toLowerCase()}` }),
    sessions: await RefreshFamily.countDocuments({ user_id: id }),
    referrals: await Referral.countDocuments({ referred_id: id }),
    badges: await Badge.countDocuments({ user_id: id }),
  };
}

/** Events of `subject` about `match` once the relay has published whatever was stored. */
async function eventsAbout(subject: EventSubject, match: (e: Record<string, unknown>) => boolean) {
  await h.service.outbox.flush();
  await new Promise((r) => setTimeout(r, 200));
  return events.of(subject).filter(match);
}

describe('Founders Club: the signup counter moves with the registration', () => {
  it('gives a failed registration no place', async () => {
    // The admin (beforeAll) holds the first of FOUNDERS_CLUB_LIMIT=2 places.
    const seq = async () => (await models().Counter.findById('signups').lean())?.seq;
    expect(await seq()).toBe(1);
    failOutboxAt(Subjects.BadgeEarned);
    const lost = uniqueName('Lost');
    const res = await h.api.post('/api/auth/register', {
      username: lost,
      email: `${lost}@example.test`,
      password: PASSWORD,
    });
    expect(res.status).toBe(500);
    vi.restoreAllMocks();
    expect(await seq()).toBe(1);

    const second = await h.register('Second');
    const late = await h.register('Late');
    const typesOf = async (user: TestUser) =>
      (await h.api.get(`/api/badges/user/${user.id}`)).body.badges.map(
        (b: { badge_type: string }) => b.badge_type,
      );
    expect(await typesOf(second)).toEqual(['founders_club']);
    expect(await typesOf(late)).toEqual([]);
    // Full: later registrations only read the counter.
    expect(await seq()).toBe(2);
  });
});

describe('register-user: user, claims, events, referral, badges, counter and session together', () => {
  it.each([
    ['at the session, after everything else', () => failRefreshFamilyCreate()],
    ['at the referral, after the user', () => failReferralCreate()],
    ['at the badge event, after the badge', () => failOutboxAt(Subjects.BadgeEarned)],
  ])(
    'leaves nothing when it fails %s; the same registration then succeeds',
    async (_at, inject) => {
      const referrer = await h.register('Referrer');
      const code = await codeOf(referrer);
      // Two referrals already: the third one (failing, then retried) earns Community Builder.
      for (let i = 0; i < 2; i++) await h.register('Friend', { referral_code: code });
      const seq = async () => (await models().Counter.findById('signups').lean())?.seq;
      const counterBefore = await seq();
      const username = uniqueName('Paired');
      const body = {
        username,
        email: `${username}@example.test`,
        password: PASSWORD,
        referral_code: code,
      };

      inject();
      expect((await h.api.post('/api/auth/register', body)).status).toBe(500);
      vi.restoreAllMocks();
      expect(await tracesOf(username)).toEqual({
        users: 0,
        claims: 0,
        sessions: 0,
        referrals: 0,
        badges: 0,
      });
      expect(
        await models().Badge.countDocuments({ user_id: new Types.ObjectId(referrer.id) }),
      ).toBe(0);
      expect(await seq()).toBe(counterBefore);
      expect(await eventsAbout(Subjects.UserRegistered, (e) => e.username === username)).toEqual(
        [],
      );
      expect(await eventsAbout(Subjects.BadgeEarned, (e) => e.user_id === referrer.id)).toEqual([]);

      const res = await h.api.post('/api/auth/register', body);
      expect(res.status, res.text).toBe(201);
      expect(await tracesOf(username)).toMatchObject({ users: 1, claims: 1, sessions: 1 });
      expect((await tracesOf(username)).referrals).toBe(1);
      const badges = await h.api.get(`/api/badges/user/${referrer.id}`);
      expect(badges.body.badges.map((b: { badge_type: string }) => b.badge_type)).toEqual([
        'community_builder',
      ]);
      await waitFor(async () => {
        const found = await eventsAbout(
          Subjects.ReferralCompleted,
          (e) => e.referrer_id === referrer.id,
        );
        return found.length === 3 ? found : undefined;
      });
    },
  );
});

function failRefreshFamilyCreate() {
  vi.spyOn(models().RefreshFamily, 'create').mockImplementationOnce(failure as never);
}
function failReferralCreate() {
  vi.spyOn(models().Referral, 'create').mockImplementationOnce(failure as never);
}

describe('set-user-active: the status, the sessions, identity.user.updated and the site_ban together', () => {
  it.each([
    ['identity.user.updated', Subjects.UserUpdated],
    ['identity.user.site_moderated', Subjects.SiteModerationRecorded],
  ] as const)(
    'keeps the account active and its sessions when %s cannot be stored',
    async (_name, subject) => {
      const user = await h.register('Keep');
      failOutboxAt(subject);
      const path = `/api/admin/users/${user.id}`;
      const body = { is_active: false, reason: 'Spam' };
      const res = await h.api.patch(path, body, { token: admin.token });
      expect(res.status).toBe(500);
      vi.restoreAllMocks();
      expect((await h.api.get('/api/auth/me', { token: user.token })).status).toBe(200);
      expect(
        await models().RefreshFamily.countDocuments({
          revoked_at: { $ne: null },
          user_id: new Types.ObjectId(user.id),
        }),
      ).toBe(0);
      const about = (e: Record<string, unknown>) => e.user_id === user.id;
      expect(await eventsAbout(Subjects.UserUpdated, about)).toEqual([]);
      expect(await eventsAbout(Subjects.SiteModerationRecorded, about)).toEqual([]);

      // The same request then succeeds from a clean slate: it is a change, so it is logged.
      expect((await h.api.patch(path, body, { token: admin.token })).status).toBe(200);
      expect(
        (await h.api.post('/api/auth/refresh', { refreshToken: user.refreshToken })).status,
      ).toBe(401);
      await waitFor(async () => {
        const updated = await eventsAbout(Subjects.UserUpdated, about);
        const site = await eventsAbout(Subjects.SiteModerationRecorded, about);
        return updated.length === 1 && site.length === 1 ? site : undefined;
      });
    },
  );
});

describe('update-avatar: the avatar and identity.user.updated together', () => {
  it('keeps the old avatar when the event cannot be stored', async () => {
    const user = await h.register('Face');
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 1, g: 99, b: 7 } },
    })
      .png()
      .toBuffer();
    const upload = () => {
      const form = new FormData();
      form.append('avatar', new Blob([new Uint8Array(png)]), 'a.png');
      return h.api.call('POST', '/api/auth/avatar', { form, token: user.token });
    };
    failOutboxAt(Subjects.UserUpdated);
    expect((await upload()).status).toBe(500);
    vi.restoreAllMocks();
    expect((await models().User.findById(user.id).lean())!.avatar_url).toBeNull();
    expect(await eventsAbout(Subjects.UserUpdated, (e) => e.user_id === user.id)).toEqual([]);

    const ok = await upload();
    expect(ok.status).toBe(200);
    expect((await models().User.findById(user.id).lean())!.avatar_url).toBe(ok.body.avatar_url);
    await waitFor(() =>
      events.of(Subjects.UserUpdated).find((e) => e.user_id === user.id && e.avatar_url),
    );
  });
});

describe('reset-password: the link, the password, the other links and the sessions together', () => {
  it('keeps the link usable and the old password when ending the sessions fails', async () => {
    const user = await h.register('Reset');
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    const mail = await waitFor(async () =>
      (await h.readMails()).find((m) => m.to === user.email && m.subject === 'Reset your password'),
    );
    const token = decodeURIComponent(/forgot-password#token=([^\s]+)/.exec(mail.text)![1]!);
    vi.spyOn(models().RefreshFamily, 'updateMany').mockImplementationOnce(failure as never);
    const body = { token, password: 'N3wPassword' };
    expect((await h.api.post('/api/auth/reset-password', body)).status).toBe(500);
    vi.restoreAllMocks();
    const login = (password: string) =>
      h.api.post('/api/auth/login', { email: user.email, password });
    expect((await login(PASSWORD)).status).toBe(200);

    expect((await h.api.post('/api/auth/reset-password', body)).status).toBe(200);
    expect((await login('N3wPassword')).status).toBe(200);
    expect((await login(PASSWORD)).status).toBe(401);
    expect(
      (await h.api.post('/api/auth/refresh', { refreshToken: user.refreshToken })).status,
    ).toBe(401);
  });
});
