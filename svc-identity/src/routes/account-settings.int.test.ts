import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { PublicUserResponse, RefreshResponse, UserResponse } from '@forum/contracts';
import {
  PASSWORD,
  startHarness,
  uniqueName,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';

/** EXTENSIONS §B2: password change, email change, verification and resend (issue 20). */
let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterEach(() => {
  vi.restoreAllMocks();
  h.clock.offsetMs = 0;
});
afterAll(() => h?.stop());

const NEW_PASSWORD = 'N3wPassword';
const VERIFY_SUBJECT = 'Verify your email address';
const NOTICE_SUBJECT = 'Your email address was changed';
const LINK = /http:\/\/forum\.test\/verify-email#token=([A-Za-z0-9_%-]+)/;

const newAddress = () => `${uniqueName('new')}@example.test`;
const me = async (user: { token: string }) =>
  UserResponse.parse((await h.api.get('/api/auth/me', { token: user.token })).body).user;
const login = (email: string, password: string) =>
  h.api.post('/api/auth/login', { email, password });
const refresh = (refreshToken: string) => h.api.post('/api/auth/refresh', { refreshToken });
const changePassword = (user: TestUser, body: unknown) =>
  h.api.put('/api/auth/password', body, { token: user.token });
const changeEmail = (user: TestUser, body: unknown) =>
  h.api.put('/api/auth/email', body, { token: user.token });
const verify = (token: unknown) => h.api.post('/api/auth/verify-email', { token });

/** The mails to `to` with `subject`, once at least `count` are written (in the order sent). */
async function mailsTo(to: string, subject: string, count = 1) {
  return waitFor(
    async () => {
      const found = (await h.readMails()).filter((m) => m.to === to && m.subject === subject);
      return found.length >= count ? found : undefined;
    },
    { what: `${count} mail(s) "${subject}" to ${to}` },
  );
}

/** The token of the `nth` verification link mailed to `to` (1 = the first). */
async function verificationToken(to: string, nth = 1) {
  const mail = (await mailsTo(to, VERIFY_SUBJECT, nth))[nth - 1]!;
  return decodeURIComponent(LINK.exec(mail.text)![1]!);
}

describe('PUT /api/auth/password', () => {
  it('refuses a wrong current password, a missing one and a weak new one with their texts', async () => {
    const user = await h.register('Pw');
    const wrong = await changePassword(user, {
      current_password: 'Wrongpass1',
      new_password: NEW_PASSWORD,
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Current password is incorrect' });
    const missing = await changePassword(user, { new_password: NEW_PASSWORD });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Password is required');
    const weak = await changePassword(user, { current_password: PASSWORD, new_password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body).toEqual({
      error: 'Password must be at least 8 characters long',
      details: ['Password must be at least 8 characters long'],
    });
    const noDigit = await changePassword(user, {
      current_password: PASSWORD,
      new_password: 'NoDigitsHere',
    });
    expect(noDigit.body.error).toBe(
      'Password must contain an uppercase letter, a lowercase letter and a number',
    );
    // Nothing changed.
    expect((await login(user.email, PASSWORD)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });

  it('stores the new password, ends every session and gives the caller a new pair', async () => {
    const user = await h.register('PwOk');
    const other = await login(user.username, PASSWORD);
    expect(other.status).toBe(200);
    const res = await changePassword(user, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(res.status).toBe(200);
    const pair = RefreshResponse.strict().parse(res.body);

    // Both earlier sessions (this device's and the other one's) are over.
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(other.body.refreshToken)).status).toBe(401);
    const families = await h.service.conn
      .collection('refresh_token_families')
      .find({ user_id: new Types.ObjectId(user.id) })
      .toArray();
    expect(families.filter((f) => f.revoked_at === null)).toHaveLength(1);
    expect(families.filter((f) => f.revoke_reason === 'password-change')).toHaveLength(2);

    // The new pair works: the access token reads /me, the refresh token rotates.
    expect((await me({ token: pair.token })).id).toBe(user.id);
    const rotated = await refresh(pair.refreshToken);
    expect(rotated.status).toBe(200);

    expect((await login(user.email, PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('voids reset links mailed before the change', async () => {
    const user = await h.register('PwReset');
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    const [mail] = await mailsTo(user.email, 'Reset your password');
    const token = decodeURIComponent(/forgot-password#token=([^\s]+)/.exec(mail!.text)![1]!);
    const changed = await changePassword(user, {
      current_password: PASSWORD,
      new_password: NEW_PASSWORD,
    });
    expect(changed.status).toBe(200);
    const reset = await h.api.post('/api/auth/reset-password', { token, password: 'An0therOne' });
    expect(reset.status).toBe(400);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('PUT /api/auth/email', () => {
  it('refuses a wrong password, the same address and a taken one with their texts', async () => {
    const user = await h.register('Em');
    const other = await h.register('EmOther');
    const wrong = await changeEmail(user, { password: 'Wrongpass1', email: newAddress() });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Password is incorrect' });
    const same = await changeEmail(user, { password: PASSWORD, email: user.email.toUpperCase() });
    expect(same.status).toBe(400);
    expect(same.body).toEqual({ error: 'This is already your email address' });
    const taken = await changeEmail(user, { password: PASSWORD, email: other.email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: 'Email is already registered' });
    const invalid = await changeEmail(user, { password: PASSWORD, email: 'nope' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error).toBe('Please enter a valid email address');
    const missing = await changeEmail(user, { email: newAddress() });
    expect(missing.body.error).toBe('Password is required');
    expect((await me(user)).email).toBe(user.email);
  });

  it('leaves the taken address to the claim when the early check misses it (a race)', async () => {
    const user = await h.register('EmRace');
    const other = await h.register('EmRaceOther');
    // As if `other` registered between the check and the transaction.
    vi.spyOn(h.service.deps.models.UserKey, 'exists').mockResolvedValueOnce(null);
    const res = await changeEmail(user, { password: PASSWORD, email: other.email });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Email is already registered' });
    expect((await me(user)).email).toBe(user.email);
    expect((await login(user.email, PASSWORD)).status).toBe(200);
  });

  it('lets only one of two users take an address at the same time', async () => {
    const [a, b] = [await h.register('EmA'), await h.register('EmB')];
    const email = newAddress();
    const statuses = (
      await Promise.all([a, b].map((u) => changeEmail(u, { password: PASSWORD, email })))
    ).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    const owners = await h.service.conn
      .collection('users')
      .countDocuments({ email_lower: email.toLowerCase() });
    expect(owners).toBe(1);
  });

  it('moves the address, unverified, with a link to the new one and a notice to the old one', async () => {
    const user = await h.register('EmOk');
    await verify(await verificationToken(user.email));
    expect((await me(user)).email_verified).toBe(true);

    const email = `${uniqueName('Moved')}@Example.test`;
    const res = await changeEmail(user, { password: PASSWORD, email });
    expect(res.status).toBe(200);
    expect(UserResponse.parse(res.body).user).toMatchObject({
      id: user.id,
      email,
      email_verified: false,
    });
    expect(await me(user)).toMatchObject({ email, email_verified: false });

    const [link] = await mailsTo(email, VERIFY_SUBJECT);
    expect(link!.text).toMatch(LINK);
    const [notice] = await mailsTo(user.email, NOTICE_SUBJECT);
    expect(notice!.text).not.toContain('verify-email');
    expect(notice!.text).not.toContain('token');
    expect(notice!.text).not.toContain(email);
    // Only the hash is stored.
    const token = await verificationToken(email);
    expect(
      JSON.stringify(await h.service.conn.collection('email_verifications').find({}).toArray()),
    ).not.toContain(token);

    // Signing in follows the address; the old one is free for someone else.
    expect((await login(email.toLowerCase(), PASSWORD)).status).toBe(200);
    expect((await login(user.email, PASSWORD)).status).toBe(401);
    const claims = h.service.conn.collection('user_keys');
    expect(await claims.findOne({ _id: `email:${user.email.toLowerCase()}` as never })).toBeNull();
    expect(await claims.findOne({ _id: `email:${email.toLowerCase()}` as never })).toMatchObject({
      user_id: new Types.ObjectId(user.id),
    });
    // ... and the new one is claimed: registering it is 409.
    const again = await h.api.post('/api/auth/register', {
      username: uniqueName('Late'),
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(again.status).toBe(409);
    expect(again.body.details).toEqual(['Email is already registered']);

    expect((await verify(token)).status).toBe(200);
    expect((await me(user)).email_verified).toBe(true);
  });

  it('voids reset links mailed to the old address', async () => {
    const user = await h.register('EmReset');
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    const [mail] = await mailsTo(user.email, 'Reset your password');
    const token = decodeURIComponent(/forgot-password#token=([^\s]+)/.exec(mail!.text)![1]!);
    expect((await changeEmail(user, { password: PASSWORD, email: newAddress() })).status).toBe(200);
    const reset = await h.api.post('/api/auth/reset-password', { token, password: 'An0therOne' });
    expect(reset.status).toBe(400);
  });
});

describe('POST /api/auth/verify-email', () => {
  it('registration mails a link; it verifies once, then is refused', async () => {
    const user = await h.register('Ver');
    expect((await me(user)).email_verified).toBe(false);
    const token = await verificationToken(user.email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const ok = await verify(token);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Your email address has been verified.' });
    expect(ok.text).not.toContain(token);
    expect((await me(user)).email_verified).toBe(true);
    const session = await login(user.email, PASSWORD);
    expect(session.body.user).toMatchObject({ email: user.email, email_verified: true });

    const again = await verify(token);
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Invalid or expired verification link' });
  });

  it('refuses a made-up token and asks for a missing one', async () => {
    const bogus = await verify('x'.repeat(43));
    expect(bogus.status).toBe(400);
    expect(bogus.body).toEqual({ error: 'Invalid or expired verification link' });
    const missing = await h.api.post('/api/auth/verify-email', {});
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('Verification token is required');
  });

  it('expires after 24 hours', async () => {
    const user = await h.register('VerLate');
    const token = await verificationToken(user.email);
    h.clock.offsetMs = 24 * 3600_000 + 60_000;
    const late = await verify(token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'Invalid or expired verification link' });
    h.clock.offsetMs = 0;
    // A link used within its day works.
    const fresh = await h.register('VerInTime');
    const freshToken = await verificationToken(fresh.email);
    h.clock.offsetMs = 23 * 3600_000;
    expect((await verify(freshToken)).status).toBe(200);
    expect((await me(user)).email_verified).toBe(false);
  });

  it('is replaced by a resend: the older link stops working', async () => {
    const user = await h.register('VerResend');
    const first = await verificationToken(user.email, 1);
    const resent = await h.api.post('/api/auth/verify-email/resend', {}, { token: user.token });
    expect(resent.status).toBe(200);
    expect(resent.body).toEqual({
      message: 'A verification link has been sent to your email address.',
    });
    const second = await verificationToken(user.email, 2);
    expect(second).not.toBe(first);
    expect((await verify(first)).status).toBe(400);
    expect((await verify(second)).status).toBe(200);
    const done = await h.api.post('/api/auth/verify-email/resend', {}, { token: user.token });
    expect(done.status).toBe(400);
    expect(done.body).toEqual({ error: 'Your email address is already verified' });
  });

  it('is bound to the address it was mailed to', async () => {
    const user = await h.register('VerBound');
    const forOld = await verificationToken(user.email);
    // Keep the old link alive through the change, as if the replacement had not happened.
    vi.spyOn(h.service.deps.models.EmailVerification, 'deleteMany').mockResolvedValueOnce({
      acknowledged: true,
      deletedCount: 0,
    } as never);
    const email = newAddress();
    expect((await changeEmail(user, { password: PASSWORD, email })).status).toBe(200);
    const stale = await verify(forOld);
    expect(stale.status).toBe(400);
    expect(stale.body).toEqual({ error: 'Invalid or expired verification link' });
    expect((await me(user)).email_verified).toBe(false);
    expect((await verify(await verificationToken(email))).status).toBe(200);
    expect((await me(user)).email_verified).toBe(true);
  });
});

describe('email_verified', () => {
  it('is the owner’s own: public profiles carry neither it nor the email', async () => {
    const user = await h.register('Pub');
    const registered = await h.api.post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
    });
    expect(registered.body.user.email_verified).toBe(false);
    const profile = await h.api.get(`/api/auth/user/${user.username}`);
    expect(profile.status).toBe(200);
    const parsed = PublicUserResponse.strict().parse(profile.body);
    expect(parsed.user).not.toHaveProperty('email_verified');
    expect(parsed.user).not.toHaveProperty('email');
    expect(profile.text).not.toContain('email_verified');
  });

  it('comes with the registration response', async () => {
    const username = uniqueName('RegV');
    const res = await h.api.post('/api/auth/register', {
      username,
      email: `${username}@example.test`,
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ username, email_verified: false });
  });
});

describe('signed-in routes', () => {
  it('answer 401 without a token', async () => {
    for (const [method, path] of [
      ['PUT', '/api/auth/password'],
      ['PUT', '/api/auth/email'],
      ['POST', '/api/auth/verify-email/resend'],
    ] as const) {
      const res = await h.api.call(method, path, { json: {} });
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('responses', () => {
  it('were all inspected for leaks', () => {
    expect(h.api.responses.length).toBeGreaterThan(40);
  });
});
