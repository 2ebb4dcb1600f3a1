import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdir } from 'node:fs/promises';
import { Types } from 'mongoose';
import sharp from 'sharp';
import {
  AccountDataTexts,
  AccountTexts,
  AdminUsersResponse,
  AuthMessages,
  Subjects,
  UserDeletedEvent,
} from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';
import { avatarDir } from '../server.js';

/** EXTENSIONS §B2: DELETE /api/auth/me (issue 20). */
let h: IdentityHarness;
let admin: TestUser;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;

beforeAll(async () => {
  h = await startHarness({ ADMIN_USERNAME: 'chief' });
  events = await collectIdentityEvents(await h.producer());
  const res = await h.api.post('/api/auth/register', {
    username: 'Chief',
    email: 'chief@example.test',
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  admin = {
    id: res.body.user.id,
    username: 'Chief',
    email: 'chief@example.test',
    password: PASSWORD,
    token: res.body.token,
    refreshToken: res.body.refreshToken,
  };
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

const deleteMe = (user: TestUser, json: unknown) =>
  h.api.call('DELETE', '/api/auth/me', { json, token: user.token });
const userDoc = (user: TestUser) =>
  h.service.conn.collection('users').findOne({ _id: new Types.ObjectId(user.id) });
const login = (email: string, password = PASSWORD) =>
  h.api.post('/api/auth/login', { email, password });
const avatarFiles = async () =>
  (await readdir(avatarDir(h.service.deps.config)).catch(() => [] as string[])).filter((f) =>
    f.endsWith('.webp'),
  );

async function uploadAvatar(user: TestUser): Promise<string> {
  // A colour of its own: avatars are content-addressed, shared files stay.
  const [r, g, b] = [...new Types.ObjectId(user.id).id.subarray(-3)];
  const png = await sharp({
    create: { width: 64, height: 64, channels: 3, background: { r: r!, g: g!, b: b! } },
  })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('avatar', new Blob([new Uint8Array(png)]), 'me.png');
  const res = await h.api.call('POST', '/api/auth/avatar', { form, token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.body.avatar_url as string;
}

describe('DELETE /api/auth/me refusals', () => {
  it('a wrong password is 400 and changes nothing', async () => {
    const user = await h.register('Keep');
    const before = await userDoc(user);
    const res = await deleteMe(user, { password: 'Wrongpass1', delete_content: true });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(AccountTexts.passwordIncorrect);
    const after = await userDoc(user);
    for (const field of ['email', 'email_lower', 'password_hash', 'is_active', 'deleted_at']) {
      expect(after![field], field).toEqual(before![field]);
    }
    expect((await login(user.email)).status).toBe(200);
    const me = await h.api.get('/api/auth/me', { token: user.token });
    expect(me.status).toBe(200);
  });

  it('a body that breaks the contract is 400 with its text', async () => {
    const user = await h.register('Bad');
    const res = await deleteMe(user, { password: PASSWORD, delete_content: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(AccountDataTexts.deleteContentInvalid);
    const empty = await h.api.call('DELETE', '/api/auth/me', {
      token: user.token,
      headers: { 'content-type': 'application/json' },
    });
    expect(empty.status).toBe(400);
    const malformed = await fetch(`${h.service.url}/api/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: '{"password":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'Malformed JSON body' });
    expect((await userDoc(user))!.deleted_at).toBeNull();
  });

  it('the admin cannot delete itself: 403, nothing changed', async () => {
    const res = await deleteMe(admin, { password: PASSWORD });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: AccountDataTexts.adminCannotDelete });
    const doc = await userDoc(admin);
    expect(doc).toMatchObject({ is_active: true, deleted_at: null, email: admin.email });
    expect((await h.api.get('/api/auth/me', { token: admin.token })).status).toBe(200);
    // Refused before the password is looked at: a wrong one gets the same answer.
    const wrong = await deleteMe(admin, { password: 'Not the password 1' });
    expect(wrong.status).toBe(403);
  });

  it('needs a signed-in caller', async () => {
    const res = await h.api.call('DELETE', '/api/auth/me', { json: { password: PASSWORD } });
    expect(res.status).toBe(401);
  });
});

describe('DELETE /api/auth/me', () => {
  let gone: TestUser;
  let other: TestUser;
  let avatarUrl: string;
  let deletedAt: string;

  beforeAll(async () => {
    gone = await h.register('Gone');
    other = await h.register('Other');
    avatarUrl = await uploadAvatar(gone);
    // A second session, a pending reset link, and blocks both ways.
    const second = await login(gone.email);
    expect(second.status).toBe(200);
    expect((await h.api.post('/api/auth/forgot-password', { email: gone.email })).status).toBe(200);
    await waitFor(() =>
      h.service.conn
        .collection('password_resets')
        .findOne({ user_id: new Types.ObjectId(gone.id) }),
    );
    for (const [by, of] of [
      [gone, other],
      [other, gone],
    ] as const) {
      const res = await h.api.put(`/api/blocks/${of.username}`, {}, { token: by.token });
      expect(res.status).toBe(200);
    }
    expect(await h.service.conn.collection('badges').countDocuments({ user_id: oid(gone) })).toBe(
      1, // founders_club
    );

    const res = await deleteMe(gone, { password: PASSWORD });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: AccountDataTexts.accountDeleted });
    deletedAt = (await userDoc(gone))!.deleted_at.toISOString();
  });

  const oid = (u: TestUser) => new Types.ObjectId(u.id);

  it('erases the email, password and avatar; the row stays, inactive', async () => {
    const doc = await userDoc(gone);
    expect(doc).toMatchObject({
      username: gone.username,
      email: '',
      avatar_url: null,
      is_active: false,
      email_verified: false,
    });
    expect(doc).not.toHaveProperty('email_lower');
    expect(doc).not.toHaveProperty('password_hash');
    expect(JSON.stringify(doc).toLowerCase()).not.toContain(gone.email.toLowerCase());
  });

  it('signs out everywhere: login, refresh and the same access token fail', async () => {
    const byEmail = await login(gone.email);
    expect(byEmail.status).toBe(401);
    expect(byEmail.body).toEqual({ error: AuthMessages.invalidCredentials });
    const byName = await login(gone.username);
    expect(byName.status).toBe(401);
    expect(byName.body).toEqual({ error: AuthMessages.invalidCredentials });
    expect(
      (await h.api.post('/api/auth/refresh', { refreshToken: gone.refreshToken })).status,
    ).toBe(401);
    const families = await h.service.conn
      .collection('refresh_token_families')
      .find({ user_id: oid(gone) })
      .toArray();
    expect(families).toHaveLength(2);
    expect(families.every((f) => f.revoke_reason === 'account-deleted')).toBe(true);
    expect((await h.api.get('/api/auth/me', { token: gone.token })).status).toBe(401);
    // Idempotent by construction: the account is inactive now.
    expect((await deleteMe(gone, { password: PASSWORD })).status).toBe(401);
  });

  it('voids reset links and verification links', async () => {
    const resets = await h.service.conn
      .collection('password_resets')
      .find({ user_id: oid(gone) })
      .toArray();
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.used_at instanceof Date)).toBe(true);
    expect(
      await h.service.conn.collection('email_verifications').countDocuments({ user_id: oid(gone) }),
    ).toBe(0);
    // A reset request for the erased address finds nobody.
    const mails = (await h.readMails()).length;
    await h.api.post('/api/auth/forgot-password', { email: gone.email });
    expect(await h.service.conn.collection('password_resets').countDocuments({})).toBe(
      resets.length,
    );
    expect((await h.readMails()).length).toBe(mails);
  });

  it('has no profile, no badges, no search hit, and cannot be blocked', async () => {
    const profile = await h.api.get(`/api/auth/user/${gone.username}`);
    expect(profile.status).toBe(404);
    expect(profile.body).toEqual({ error: AuthMessages.userNotFound });
    expect((await h.api.get(`/api/badges/user/${gone.id}`)).status).toBe(404);
    expect(await h.service.conn.collection('badges').countDocuments({ user_id: oid(gone) })).toBe(
      0,
    );
    const search = await h.api.get(`/api/search/users?q=${gone.username}`, {
      token: other.token,
    });
    expect(search.status).toBe(200);
    expect(search.body.users).toEqual([]);
    const block = await h.api.put(`/api/blocks/${gone.username}`, {}, { token: other.token });
    expect(block.status).toBe(404);
    expect(block.body).toEqual({ error: AuthMessages.userNotFound });
  });

  it('removes the blocks it made and those made on it', async () => {
    const blocks = h.service.conn.collection('blocks');
    expect(await blocks.countDocuments({ blocker_id: oid(gone) })).toBe(0);
    expect(await blocks.countDocuments({ blocked_id: oid(gone) })).toBe(0);
    const list = await h.api.get('/api/blocks', { token: other.token });
    expect(list.body).toEqual({ blocks: [] });
  });

  it('publishes identity.user.updated (inactive, no avatar) and identity.user.deleted', async () => {
    const updated = await waitFor(() =>
      events.of(Subjects.UserUpdated).find((e) => e.user_id === gone.id && e.is_active === false),
    );
    expect(updated).toMatchObject({
      username: gone.username,
      avatar_url: null,
      is_active: false,
    });
    const deleted = await waitFor(() =>
      events.of(Subjects.UserDeleted).find((e) => e.user_id === gone.id),
    );
    expect(UserDeletedEvent.parse(deleted)).toMatchObject({
      user_id: gone.id,
      username: gone.username,
      delete_content: false,
      deleted_at: deletedAt,
    });
    expect(events.of(Subjects.UserDeleted).filter((e) => e.user_id === gone.id)).toHaveLength(1);
  });

  it('removes the avatar file', async () => {
    expect(await avatarFiles()).not.toContain(avatarUrl.split('/').pop());
    expect((await fetch(h.service.url + avatarUrl)).status).toBe(404);
  });

  it('no identity answer carries the erased email or avatar', async () => {
    const email = gone.email.toLowerCase();
    const answers = [
      await h.api.get('/api/auth/me', { token: other.token }),
      await h.api.get(`/api/search/users?q=${gone.username.slice(0, 4)}`),
      await h.api.get(`/api/auth/user/${gone.username}`),
      await h.api.get('/api/admin/users?limit=100', { token: admin.token }),
      await h.api.get(`/api/admin/users?search=${gone.username}`, { token: admin.token }),
    ];
    for (const res of answers) {
      expect(res.text.toLowerCase()).not.toContain(email);
      expect(res.text).not.toContain(avatarUrl);
    }
    // The admin list keeps the row: inactive, no email, no avatar.
    const listed = AdminUsersResponse.parse(answers[4]!.body).users;
    expect(listed).toEqual([
      expect.objectContaining({
        id: gone.id,
        username: gone.username,
        email: '',
        avatar_url: null,
        is_active: false,
      }),
    ]);
  });

  it('the admin cannot reactivate a deleted account', async () => {
    const res = await h.api.patch(
      `/api/admin/users/${gone.id}`,
      { is_active: true },
      { token: admin.token },
    );
    expect(res.status).toBe(404);
    expect((await userDoc(gone))!.is_active).toBe(false);
  });

  it('its referral code refers nobody', async () => {
    const code = (await userDoc(gone))!.referral_code as string;
    const name = uniqueName('Ref');
    const res = await h.api.post('/api/auth/register', {
      username: name,
      email: `${name}@example.test`,
      password: PASSWORD,
      referral_code: code,
    });
    expect(res.status).toBe(201);
    expect(
      await h.service.conn.collection('referrals').countDocuments({ referrer_id: oid(gone) }),
    ).toBe(0);
  });

  it('keeps the username reserved and releases the email', async () => {
    const again = await h.api.post('/api/auth/register', {
      username: gone.username.toUpperCase(),
      email: `${uniqueName('n')}@example.test`,
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.error).toBe(AuthMessages.usernameTaken);
    // The address is free: someone else's own address from now on.
    h.api.forgetUser(gone.id);
    const reuse = await h.api.post('/api/auth/register', {
      username: uniqueName('New'),
      email: gone.email,
      password: PASSWORD,
    });
    expect(reuse.status, reuse.text).toBe(201);
    expect(reuse.body.user.id).not.toBe(gone.id);
  });
});

describe('DELETE /api/auth/me with delete_content', () => {
  it('says so in identity.user.deleted', async () => {
    const user = await h.register('Wipe');
    const res = await deleteMe(user, { password: PASSWORD, delete_content: true });
    expect(res.status).toBe(200);
    const deleted = await waitFor(() =>
      events.of(Subjects.UserDeleted).find((e) => e.user_id === user.id),
    );
    expect(deleted).toMatchObject({ username: user.username, delete_content: true });
  });
});
