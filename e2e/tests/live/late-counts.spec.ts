import type { Request } from '@playwright/test';
import { api } from '../../api.js';
import { expect, test } from '../../fixtures.js';
import {
  LIVE_MS,
  registerUser,
  shownCounts,
  signInContext,
  startConversation,
  streamOpened,
  unreadCounts,
  waitUntilMessageable,
} from './helpers.js';

declare global {
  interface Window {
    /** Every value of the unread messages badge, in the order the page showed them. */
    shownUnread?: number[];
  }
}

/**
 * EXTENSIONS §L: the stream's `unread` events set the badges. A count the page asked for before
 * an event came, and that answers after it, was counted before it too: it must not put the
 * older count back (while the stream is live nothing polls, so the badge would stay wrong).
 */
test('an unread count answered after a newer pushed count leaves the pushed one', async ({
  page,
}) => {
  const reader = await registerUser('late');
  const writer = await registerUser('latew');
  await waitUntilMessageable(reader);
  const first = await startConversation(writer, reader, 'First thread', 'One');
  const second = await startConversation(writer, reader, 'Second thread', 'Two');
  const before = (await unreadCounts(reader)).messages;
  expect(before).toBeGreaterThanOrEqual(2);
  await signInContext(page, reader);

  // The page's first GET of the unread messages: counted by the server at once, held from the page.
  let held: Request | undefined;
  let counted!: () => void;
  const wasCounted = new Promise<void>((resolve) => (counted = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/messages/unread-count', async (route) => {
    if (held) return route.continue();
    held = route.request();
    const response = await route.fetch();
    counted();
    await released;
    await route.fulfill({ response });
  });
  // Every badge value the page shows, as it shows it.
  await page.addInitScript(() => {
    window.shownUnread = [];
    new MutationObserver(() => {
      const label = document
        .querySelector('[data-testid="user-menu-trigger"]')
        ?.getAttribute('aria-label');
      if (!label) return;
      const shown = Number(/, ([\d,.]+k?) unread messages/.exec(label)?.[1] ?? 0);
      if (window.shownUnread!.at(-1) !== shown) window.shownUnread!.push(shown);
    }).observe(document, { subtree: true, childList: true, attributes: true });
  });

  const opened = streamOpened(page);
  await page.goto('/');
  await Promise.all([opened, wasCounted]);
  // The stream opens with the counts.
  await expect.poll(async () => (await shownCounts(page)).messages).toBe(before);

  // A conversation read elsewhere: pushed at once, one fewer.
  const read = await api('GET', `/messages/conversations/${first.id}`, { token: reader.token });
  expect(read.status).toBe(200);
  await expect
    .poll(async () => (await shownCounts(page)).messages, { timeout: LIVE_MS })
    .toBe(before - 1);

  // Now the held answer, counted before that read, reaches the page.
  const finished = page.waitForEvent('requestfinished', (r) => r === held);
  release();
  await finished;

  // The other one read: the badge follows the pushes down, and never went back up.
  const readToo = await api('GET', `/messages/conversations/${second.id}`, {
    token: reader.token,
  });
  expect(readToo.status).toBe(200);
  await expect
    .poll(async () => (await shownCounts(page)).messages, { timeout: LIVE_MS })
    .toBe(before - 2);
  const shown = await page.evaluate(() => window.shownUnread ?? []);
  expect(shown.slice(shown.indexOf(before))).toEqual([before, before - 1, before - 2]);
});
