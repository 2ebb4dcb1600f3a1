import { expect, test } from '../../fixtures.js';
import {
  LIVE_MS,
  blockUnreadPolling,
  createComment,
  createCommunity,
  createPost,
  registerUser,
  shownCounts,
  signInContext,
  streamOpened,
  streamsOf,
  welcomed,
} from './helpers.js';

/**
 * EXTENSIONS §L: one stream per browser. Two tabs of one browser context: one holds the stream
 * and re-broadcasts; when it closes, the other takes over.
 */
test('two tabs share one stream; the other tab takes over when the leader closes', async ({
  page,
  context,
}) => {
  const reader = await registerUser('tabs');
  const writer = await registerUser('tabsw');
  const community = await createCommunity(reader);
  const post = await createPost(reader, community);
  const settled = await welcomed(reader);

  await signInContext(page, reader);
  const first = { page, streams: streamsOf(page), polling: await blockUnreadPolling(page) };
  const opened = streamOpened(page);
  await page.goto('/terms');
  await opened;

  const second = await context.newPage();
  const secondStreams = streamsOf(second);
  await blockUnreadPolling(second);
  await second.goto('/terms');
  await expect(second.getByTestId('notifications-bell')).toBeVisible();

  // A comment: both tabs count it, through the first tab's stream only.
  await expect.poll(async () => shownCounts(second), { timeout: LIVE_MS }).toEqual(settled);
  const before = settled;
  let start = Date.now();
  await createComment(writer, post, 'First reply');
  for (const tab of [page, second]) {
    await expect
      .poll(async () => (await shownCounts(tab)).notifications, { timeout: LIVE_MS })
      .toBe(before.notifications + 1);
  }
  expect(Date.now() - start).toBeLessThan(LIVE_MS);
  expect(first.streams.open()).toHaveLength(1);
  expect(secondStreams.made).toHaveLength(0);

  // The leader tab closes: the second tab opens the stream and keeps up.
  const takeover = streamOpened(second);
  await page.close();
  await takeover;
  expect(secondStreams.open()).toHaveLength(1);
  start = Date.now();
  await createComment(writer, post, 'Second reply');
  await expect
    .poll(async () => (await shownCounts(second)).notifications, { timeout: LIVE_MS })
    .toBe(before.notifications + 2);
  expect(Date.now() - start).toBeLessThan(LIVE_MS);
  expect(secondStreams.made).toHaveLength(1);
});
