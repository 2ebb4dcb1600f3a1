import { expect, type Page } from '@playwright/test';
import { api as request, uniqueName } from '../../api.js';
import { expectNoSeriousA11yViolations } from '../../axe.js';

/** Spec §5 password: 8+ characters with upper, lower and a digit. */
export const PASSWORD = 'Passw0rdInbox';

export interface InboxUser {
  id: string;
  username: string;
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

/**
 * Registers a fresh user through the API (the e2e stack runs with AUTH_RATE_LIMIT=100000, see
 * global-setup.ts, so a test may register several).
 */
export async function registerUser(prefix = 'inbox'): Promise<InboxUser> {
  const username = uniqueName(prefix);
  const res = await api<{ user: { id: string }; token: string; refreshToken: string }>(
    'POST',
    '/auth/register',
    { username, email: `${username.toLowerCase()}@example.test`, password: PASSWORD },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return {
    id: res.json.user.id,
    username,
    token: res.json.token,
    refreshToken: res.json.refreshToken,
  };
}

/** Retries until it passes: messaging learns about new users by event, a moment later. */
export async function eventually<T>(action: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await action();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

export interface StartedConversation {
  id: string;
  messageId: string;
}

/** POST /messages/conversations as `from` (waits until messaging knows the recipient). */
export async function startConversation(
  from: InboxUser,
  to: InboxUser,
  subject: string,
  content: string,
): Promise<StartedConversation> {
  return eventually(async () => {
    const res = await api<{ id: string; message: { id: string } }>(
      'POST',
      '/messages/conversations',
      { recipientUsername: to.username, subject, content },
      from.token,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return { id: res.json.id, messageId: res.json.message.id };
  });
}

/** POST /messages/conversations/{id}/messages as `from`. */
export async function sendMessage(from: InboxUser, conversationId: string, content: string) {
  const res = await api<{ id: string }>(
    'POST',
    `/messages/conversations/${conversationId}/messages`,
    { content },
    from.token,
  );
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

let probe: Promise<InboxUser> | undefined;

/**
 * Waits until messaging knows `user` (its directory replica is fed by identity's events): a
 * throwaway "probe" user starts a conversation with them, so `user`'s inbox gets one entry.
 */
export async function waitUntilMessageable(user: InboxUser): Promise<void> {
  probe ??= registerUser('probe');
  await startConversation(await probe, user, 'Directory probe', 'Hello from the probe');
}

/**
 * Puts a user's tokens into local storage before the first page script runs, once per tab (a
 * reload keeps whatever the app stored since).
 */
export async function signInAs(page: Page, user: InboxUser): Promise<void> {
  await page.addInitScript((t) => {
    if (sessionStorage.getItem('e2e-inbox-tokens')) return;
    sessionStorage.setItem('e2e-inbox-tokens', '1');
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, user);
}

export { expectNoSeriousA11yViolations };

export const RELATIVE_TIME = /^\d+[smhd] ago$/;

/**
 * page.goto that waits out a shell rebuild in progress: while rsbuild rewrites shell/dist the
 * gateway briefly has no index.html and answers a navigation with a JSON 404.
 */
export async function open(page: Page, url: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const res = await page.goto(url);
    const type = res?.headers()['content-type'] ?? '';
    if (type.includes('text/html') || attempt >= 15) return;
    await page.waitForTimeout(1000);
  }
}

/** page.reload with the same patience as open(). */
export async function reload(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const res = await page.reload();
    const type = res?.headers()['content-type'] ?? '';
    if (type.includes('text/html') || attempt >= 15) return;
    await page.waitForTimeout(1000);
  }
}
