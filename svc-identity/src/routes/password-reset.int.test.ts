import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  startHarness,
  waitFor,
  type IdentityHarness,
} from '../test-support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const SENT = {
  message: 'If an account with that email exists, a password reset link has been sent.',
};
const NEW_PASSWORD = 'N3wPassword';

async function mailTo(email: string, count = 1) {
  const mails = await waitFor(
    async () => {
      // Registration mails a verification link too: only the reset mails count here.
      const found = (await h.readMails()).filter(
        (m) => m.to === email && m.subject === 'Reset your password',
      );
      return found.length >= count ? found : undefined;
    },
    { what: `mail to ${email}` },
  );
  const mail = mails[count - 1]!;
  const token = decodeURIComponent(/forgot-password#token=([^\s]+)/.exec(mail.text)![1]!);
  return { mail, token };
}

describe('password recovery', () => {
  it('answers the same whether or not the address exists', async () => {
    const unknown = await h.api.post('/api/auth/forgot-password', { email: 'ghost@example.test' });
    const user = await h.register('Known');
    const known = await h.api.post('/api/auth/forgot-password', { email: user.email });
    expect(unknown.status).toBe(200);
    expect(known.status).toBe(200);
    expect(unknown.body).toEqual(SENT);
    expect(known.body).toEqual(SENT);
    await mailTo(user.email);
    expect((await h.readMails()).some((m) => m.to === 'ghost@example.test')).toBe(false);
  });

  it('validates the email', async () => {
    const res = await h.api.post('/api/auth/forgot-password', { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Please enter a valid email address',
      details: ['Please enter a valid email address'],
    });
  });

  it('resets with the mailed single-use link and ends every session', async () => {
    const user = await h.register('Reset');
    const second = await h.api.post('/api/auth/login', {
      email: user.email,
      password: PASSWORD,
      rememberMe: true,
    });
    await h.api.post('/api/auth/forgot-password', { email: user.email.toUpperCase() });
    const { mail, token } = await mailTo(user.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('http://forum.test/forgot-password#token=');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    expect(
      JSON.stringify(await h.service.conn.collection('password_resets').find({}).toArray()),
    ).not.toContain(token);

    const weak = await h.api.post('/api/auth/reset-password', { token, password: 'weak' });
    expect(weak.status).toBe(400);
    expect(weak.body.details).toEqual(['Password must be at least 8 characters long']);
    const weak2 = await h.api.post('/api/auth/reset-password', { token, password: 'nocapital1' });
    expect(weak2.body.details).toEqual([
      'Password must contain an uppercase letter, a lowercase letter and a number',
    ]);

    const ok = await h.api.post('/api/auth/reset-password', { token, password: NEW_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'Your password has been reset. Please sign in.' });

    const old = await h.api.post('/api/auth/login', { email: user.email, password: PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await h.api.post('/api/auth/login', {
      email: user.email,
      password: NEW_PASSWORD,
    });
    expect(fresh.status).toBe(200);
    for (const refreshToken of [user.refreshToken, second.body.refreshToken]) {
      expect((await h.api.post('/api/auth/refresh', { refreshToken })).status).toBe(401);
    }
    const again = await h.api.post('/api/auth/reset-password', { token, password: 'An0therOne' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'Invalid or expired reset token' });
  });

  it('expires the link after an hour and voids older links on reset', async () => {
    const user = await h.register('Expire');
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    const { token: first } = await mailTo(user.email, 1);
    h.clock.offsetMs = 61 * 60_000;
    try {
      const late = await h.api.post('/api/auth/reset-password', {
        token: first,
        password: NEW_PASSWORD,
      });
      expect(late.status).toBe(400);
      expect(late.body.error).toBe('Invalid or expired reset token');
    } finally {
      h.clock.offsetMs = 0;
    }
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    await h.api.post('/api/auth/forgot-password', { email: user.email });
    const { token: second } = await mailTo(user.email, 2);
    const { token: third } = await mailTo(user.email, 3);
    expect(
      (await h.api.post('/api/auth/reset-password', { token: third, password: NEW_PASSWORD }))
        .status,
    ).toBe(200);
    expect(
      (await h.api.post('/api/auth/reset-password', { token: second, password: NEW_PASSWORD }))
        .status,
    ).toBe(400);
  });

  it('refuses a made-up token and a missing one', async () => {
    const res = await h.api.post('/api/auth/reset-password', {
      token: 'x'.repeat(43),
      password: NEW_PASSWORD,
    });
    expect(res.status).toBe(400);
    const missing = await h.api.post('/api/auth/reset-password', { password: NEW_PASSWORD });
    expect(missing.body).toEqual({
      error: 'Reset token is required',
      details: ['Reset token is required'],
    });
  });
});
