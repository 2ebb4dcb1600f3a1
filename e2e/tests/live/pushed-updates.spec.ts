import { expect, test } from '../../fixtures.js';
import {
  LIVE_MS,
  blockUnreadPolling,
  createComment,
  createCommunity,
  createPost,
  registerUser,
  sendMessage,
  shownCounts,
  signInContext,
  startConversation,
  streamOpened,
  streamsOf,
  settledCounts,
  shownMatchServer,
  welcomed,
  waitUntilMessageable,
} from './helpers.js';

/**
 * EXTENSIONS §L with polling off: what another user does through the API shows in an open tab
 * within 2 s — the header badges, the open notifications list and the open conversation.
 */
test('a message and a notification appear at once with polling disabled', async ({ page }) => {
  const reader = await registerUser('live');
  const writer = await registerUser('livew');
  await waitUntilMessageable(reader);
  await welcomed(reader);
  const community = await createCommunity(reader);
  const post = await createPost(reader, community);
  const thread = await startConversation(writer, reader, 'Live thread', 'First message');

  await signInContext(page, reader);
  const polling = await blockUnreadPolling(page);
  const streams = streamsOf(page);
  const opened = streamOpened(page);
  await page.goto(`/inbox/${thread.id}`);
  await opened;
  await expect(page.getByTestId('message-content')).toHaveText(['First message']);
  // Opening the thread read it; the badges settle on the server's counts (pushed `unread`).
  await shownMatchServer(page, reader);

  // The notifications dropdown stays open over the conversation.
  await page.getByTestId('notifications-bell').click();
  await expect(page.getByTestId('notifications-dropdown')).toBeVisible();
  await expect(page.getByTestId('notification-item').first()).toBeVisible();

  // A message in the open conversation shows at once.
  let start = Date.now();
  await sendMessage(writer, thread.id, 'Pushed hello');
  await expect(page.getByTestId('message-content').last()).toHaveText('Pushed hello', {
    timeout: LIVE_MS,
  });
  expect(Date.now() - start).toBeLessThan(LIVE_MS);

  // A comment on the reader's post: the notification tops the open list, the bell counts it.
  const before = await settledCounts(page, reader, thread.id);
  start = Date.now();
  await createComment(writer, post, 'A live reply');
  const dropdown = page.getByTestId('notifications-dropdown');
  await expect(
    dropdown.locator('[data-notification-type="reply_to_post"][data-unread="true"]').first(),
  ).toBeVisible({ timeout: LIVE_MS });
  // The bell shows the server's count, which has the reply (private_message notifications
  // may still be landing, so the count is compared with the server's rather than counted).
  const afterReply = await shownMatchServer(page, reader);
  expect(afterReply.notifications).toBeGreaterThan(before.notifications);
  expect(Date.now() - start).toBeLessThan(LIVE_MS);

  // A new conversation from someone else: the unread messages count goes up at once.
  await page.keyboard.press('Escape');
  start = Date.now();
  await startConversation(writer, reader, 'Second thread', 'Another one');
  await expect
    .poll(async () => (await shownCounts(page)).messages, { timeout: LIVE_MS })
    .toBe(before.messages + 1);
  expect(Date.now() - start).toBeLessThan(LIVE_MS);
  await expect(page.getByTestId('conversation-subject')).toContainText(['Second thread']);

  await shownMatchServer(page, reader);
  // Polling was really off (counters were asked for again and refused), and one stream served it all.
  expect(polling.blocked()).toBeGreaterThan(0);
  expect(streams.made).toHaveLength(1);
});
