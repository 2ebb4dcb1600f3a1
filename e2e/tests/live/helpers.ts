import { expect, type Page, type Request } from '@playwright/test';
import { api } from '../../api.js';
import { eventually, registerUser, startConversation, type InboxUser } from '../inbox/helpers.js';

export { eventually, registerUser, startConversation, type InboxUser };
export { sendMessage, waitUntilMessageable } from '../inbox/helpers.js';
export { createComment, createCommunity, createPost } from '../forum/helpers.js';
export { expectNoSeriousA11yViolations } from '../../axe.js';

/** EXTENSIONS §L: events reach an open tab within 2 s of the write. */
export const LIVE_MS = 2_000;

const isStream = (r: Request) => new URL(r.url()).pathname === '/api/stream';

/**
 * The /api/stream requests of one page (tab): all it made, and those still open (a stream's
 * request finishes only when the stream ends).
 */
export function streamsOf(page: Page) {
  const made: Request[] = [];
  const open = new Set<Request>();
  page.on('request', (r) => {
    if (!isStream(r)) return;
    made.push(r);
    open.add(r);
  });
  page.on('requestfinished', (r) => void open.delete(r));
  page.on('requestfailed', (r) => void open.delete(r));
  return { made, open: () => [...open] };
}

/** Resolves when the page's next /api/stream answers 200 (the stream is open). */
export function streamOpened(page: Page, post?: string) {
  return page.waitForResponse(
    (r) =>
      isStream(r.request()) &&
      r.status() === 200 &&
      (post === undefined || new URL(r.url()).searchParams.get('post') === post),
  );
}

/**
 * Polling off: after the first answer of each unread counter, every later request is aborted,
 * so a badge that changes afterwards was changed by the stream.
 */
export async function blockUnreadPolling(page: Page): Promise<{ blocked: () => number }> {
  let blocked = 0;
  for (const path of ['/api/notifications/unread-count', '/api/messages/unread-count']) {
    let answered = false;
    await page.route(`**${path}`, async (route) => {
      if (!answered) {
        answered = true;
        await route.continue();
        return;
      }
      blocked++;
      await route.abort();
    });
  }
  return { blocked: () => blocked };
}

interface Count {
  unreadCount: number;
}

/** The server's unread counters of `user`. */
export async function unreadCounts(user: InboxUser) {
  const [n, m] = await Promise.all([
    api<Count>('GET', '/notifications/unread-count', { token: user.token }),
    api<Count>('GET', '/messages/unread-count', { token: user.token }),
  ]);
  expect(n.status).toBe(200);
  expect(m.status).toBe(200);
  return { notifications: n.json.unreadCount, messages: m.json.unreadCount };
}

/**
 * A new user's welcome notification comes a moment after sign-up (identity -> messaging); a
 * baseline read before it lands is off by one once it does. Waits until it is counted.
 */
export async function welcomed(user: InboxUser) {
  return eventually(async () => {
    const counts = await unreadCounts(user);
    expect(counts.notifications).toBeGreaterThanOrEqual(1);
    return counts;
  });
}

/** The header's counts as shown (bell badge, account menu's unread messages). */
export async function shownCounts(page: Page) {
  const bell = await page.getByTestId('notifications-bell').getAttribute('data-unread');
  const label = (await page.getByTestId('user-menu-trigger').getAttribute('aria-label')) ?? '';
  const messages = /, ([\d,.]+k?) unread messages/.exec(label)?.[1] ?? '0';
  return { notifications: Number(bell ?? 0), messages: Number(messages) };
}

/** Tokens in local storage before the first script of every page of the context. */
export async function signInContext(page: Page, user: InboxUser): Promise<void> {
  await page.context().addInitScript((t) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', t.token);
      localStorage.setItem('refreshToken', t.refreshToken);
    }
  }, user);
}
