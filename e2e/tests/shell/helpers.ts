import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { api as request, uniqueName } from '../../api.js';
import { env } from '../../fixtures.js';
import { expectNoSeriousA11yViolations } from '../../axe.js';

/** Passwords that satisfy spec §5 (8+ characters, upper, lower, digit). */
export const PASSWORD = 'Passw0rdShell';

export interface TestUser {
  id: string;
  username: string;
  email: string;
  password: string;
  token: string;
  refreshToken: string;
}

export { uniqueName };

/** The shared API call with this suite's positional arguments. */
export function api<T = Record<string, unknown>>(
  method: string,
  urlPath: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: T }> {
  return request<T>(method, urlPath, { body, ...(token ? { token } : {}) });
}

type SessionJson = { user: { id: string }; token: string; refreshToken: string };

/** Registers a fresh user through the API. */
export async function registerUser(
  prefix = 'user',
  extra: { referral_code?: string } = {},
): Promise<TestUser> {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.test`;
  const res = await api<SessionJson>('POST', '/auth/register', {
    username,
    email,
    password: PASSWORD,
    ...extra,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return {
    id: res.json.user.id,
    username,
    email,
    password: PASSWORD,
    token: res.json.token,
    refreshToken: res.json.refreshToken,
  };
}

/** The seeded admin (global setup registers `admin`); registered here if the seed did not run. */
export async function adminUser(): Promise<TestUser> {
  const password = 'Passw0rdPassw0rd';
  await api('POST', '/auth/register', { username: 'admin', email: 'admin@example.test', password });
  const res = await api<SessionJson>('POST', '/auth/login', {
    email: 'admin',
    password,
    rememberMe: false,
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return {
    id: res.json.user.id,
    username: 'admin',
    email: 'admin@example.test',
    password,
    token: res.json.token,
    refreshToken: res.json.refreshToken,
  };
}

/**
 * Puts a user's tokens into local storage before the first page script runs, once per tab (a
 * later sign-out or reload is not undone, unlike a plain init script).
 */
export async function signInWithTokens(page: Page, user: Pick<TestUser, 'token' | 'refreshToken'>) {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-tokens-seeded')) return;
    sessionStorage.setItem('e2e-tokens-seeded', '1');
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, user);
}

/** Opens the user menu in the header (waits for the lazy signed-in controls). */
export async function openUserMenu(page: Page) {
  await page.getByTestId('user-menu-trigger').click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export { expectNoSeriousA11yViolations };

/** Identity's local mailer writes each message to MAIL_DIR = <data dir>/identity/mail. */
export function mailDir(): string {
  return path.join(env.remotesDir, '..', 'identity', 'mail');
}

/** The newest password-reset link mailed to `to` (polls until it is written). */
export async function readResetLink(to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let files: string[] = [];
    try {
      files = readdirSync(mailDir())
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse();
    } catch {
      /* not created yet */
    }
    for (const file of files) {
      const mail = JSON.parse(readFileSync(path.join(mailDir(), file), 'utf8')) as {
        to: string;
        text: string;
      };
      if (mail.to !== to) continue;
      const link = /https?:\/\/\S+\/forgot-password#token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      if (link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no reset mail for ${to} in ${mailDir()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Retries an API action until it passes (events reach the other services asynchronously). */
export async function eventually<T>(action: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      return await action();
    } catch (error) {
      last = error;
      if (Date.now() > deadline) throw last;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
