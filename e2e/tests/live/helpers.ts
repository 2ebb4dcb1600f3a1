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

/**
 * Polls until the badges show the server's counts, both read afresh each time (a notification
 * the services are still writing, a private_message one for each message, moves both), and
 * returns them.
 */
export async function shownMatchServer(page: Page, user: InboxUser, timeout = LIVE_MS) {
  let counts = { notifications: -1, messages: -1 };
  await expect
    .poll(
      async () => {
        const [shown, server] = await Promise.all([shownCounts(page), unreadCounts(user)]);
        counts = shown;
        return JSON.stringify(shown) === JSON.stringify(server)
          ? 'same'
          : `shown ${JSON.stringify(shown)}, server ${JSON.stringify(server)}`;
      },
      { timeout },
    )
    .toBe('same');
  return counts;
}

/**
 * Waits until the open conversation's pushed messages are read on the server (the open tab reads
 * them a moment after they show) and the badges show the server's counts, then returns those: a
 * baseline taken while that read is on its way is off by the message it read.
 */
export async function settledCounts(page: Page, user: InboxUser, openConversationId: string) {
  await expect
    .poll(async () => {
      const res = await api<{ conversations: { id: string; unread_count: number }[] }>(
        'GET',
        '/messages/conversations',
        { token: user.token },
      );
      return res.json.conversations.find((c) => c.id === openConversationId)?.unread_count;
    })
    .toBe(0);
  return shownMatchServer(page, user);
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
