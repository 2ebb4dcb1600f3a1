import type { Page } from '@playwright/test';
import { api } from '../../api.js';
import { expect } from '../../fixtures.js';
import { expectNoSeriousA11yViolations } from '../../axe.js';

/**
 * Data for the admin specs, created through the public API. The stack of the global setup runs
 * with AUTH_RATE_LIMIT raised (100000), so the specs may register many users and sign in often.
 */
export const PASSWORD = 'Passw0rdPassw0rd';
/** The seeded admin of e2e/global-setup.ts (ADMIN_USERNAME defaults to `admin`). */
export const ADMIN_USERNAME = 'admin';

export interface Session {
  id: string;
  username: string;
  token: string;
  refreshToken: string;
}

type Json = Record<string, unknown>;

export { api };

export async function ok<T = Json>(
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<T> {
  const res = await api<T>(method, path, options);
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res.json;
}

let counter = 0;
/** A short unique suffix of lowercase letters and digits. */
export function uid(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1296).toString(36)}`;
}

type SessionJson = { user: { id: string; username: string }; token: string; refreshToken: string };

export async function register(username: string): Promise<Session> {
  const res = await ok<SessionJson>('POST', '/auth/register', {
    body: { username, email: `${username}@example.test`, password: PASSWORD },
  });
  return { id: res.user.id, username, token: res.token, refreshToken: res.refreshToken };
}

/** A fresh sign-in of the admin (own refresh token family, so tests never replay a token). */
export async function adminSession(): Promise<Session> {
  const res = await ok<SessionJson>('POST', '/auth/login', {
    body: { email: ADMIN_USERNAME, password: PASSWORD },
  });
  return {
    id: res.user.id,
    username: res.user.username,
    token: res.token,
    refreshToken: res.refreshToken,
  };
}

/**
 * Registers `count` users named `<prefix><n>` (n zero-padded), a few at a time. bcrypt (cost 12)
 * makes this slow on a busy machine: a registration that timed out at the gateway (504) or failed
 * with a 5xx is tried again, and a 409 on that retry means the first attempt did land.
 */
export async function registerMany(prefix: string, count: number, parallel = 3): Promise<string[]> {
  const names = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(3, '0')}`);
  const one = async (username: string) => {
    for (let attempt = 0; ; attempt++) {
      const res = await api('POST', '/auth/register', {
        body: { username, email: `${username}@example.test`, password: PASSWORD },
      });
      if (res.status === 201 || (res.status === 409 && attempt > 0)) return;
      if (res.status < 500 || attempt >= 4) {
        throw new Error(`register ${username} answered ${res.status}: ${JSON.stringify(res.json)}`);
      }
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < names.length) await one(names[next++]!);
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return names;
}

/** The forum learns of a new user by event: retry briefly on its first write. */
export async function retry<T>(fn: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < 40; i++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw last;
}

/** Puts `session`'s tokens into local storage before any page script runs. */
export async function signInAs(page: Page, session: Session): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, session);
}

/** Opens the dashboard as the admin and waits for the initial load. */
export async function openAdmin(page: Page, query = ''): Promise<Session> {
  const admin = await adminSession();
  await signInAs(page, admin);
  const res = await page.goto(`/admin${query}`);
  // Another workspace build may replace shell/dist under the running stack for a moment (the
  // gateway then has no index.html and answers 404): load the page once more.
  if (res?.status() === 404) {
    await page.waitForTimeout(2_000);
    await page.goto(`/admin${query}`);
  }
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByRole('tablist', { name: 'Admin sections' })).toBeVisible();
  return admin;
}

/** Axe: no serious or critical violations. */
export const expectAccessible = (page: Page): Promise<void> => expectNoSeriousA11yViolations(page);

/** Usernames of the users table, in order, once the table is not loading. */
export async function tableUsernames(page: Page): Promise<string[]> {
  const table = page.getByTestId('users-table');
  await expect(table).toHaveAttribute('aria-busy', 'false');
  return table.getByTestId('user-username').allTextContents();
}
