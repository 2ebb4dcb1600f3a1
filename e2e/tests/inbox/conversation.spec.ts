import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  RELATIVE_TIME,
  api,
  expectNoSeriousA11yViolations,
  registerUser,
  sendMessage,
  signInAs,
  startConversation,
  type InboxUser,
  open,
} from './helpers.js';

/** True when the message area shows its end. */
async function isScrolledToEnd(scroll: Locator): Promise<boolean> {
  return scroll.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 4);
}

async function openConversation(page: Page, user: InboxUser, id: string) {
  await signInAs(page, user);
  await open(page, `/inbox/${id}`);
  await expect(page.getByTestId('conversation')).toBeVisible();
}

test.describe('open conversation', () => {
  test('shows the other user and subject; own messages right, the other’s left, line breaks kept', async ({
    page,
  }) => {
    const [me, alice] = await Promise.all([registerUser('convme'), registerUser('convalice')]);
    const conv = await startConversation(alice, me, 'Trip plans', 'Line one\nLine two');
    await sendMessage(me, conv.id, 'My answer');

    await openConversation(page, me, conv.id);
    await expect(page.getByTestId('conversation-other-user')).toHaveText(`u/${alice.username}`);
    await expect(page.getByTestId('conversation-subject-title')).toHaveText('Trip plans');

    const messages = page.getByTestId('message');
    await expect(messages).toHaveCount(2);
    const theirs = messages.nth(0);
    const mine = messages.nth(1);
    await expect(theirs).toHaveAttribute('data-own', 'false');
    await expect(mine).toHaveAttribute('data-own', 'true');
    await expect(theirs.getByTestId('message-content')).toHaveText('Line one\nLine two');
    await expect(theirs.getByTestId('message-content')).toHaveCSS('white-space', 'pre-wrap');
    // The two lines really render as two lines.
    const lineHeight = await theirs
      .getByTestId('message-content')
      .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    const box = await theirs.getByTestId('message-content').boundingBox();
    expect(box!.height).toBeGreaterThan(lineHeight * 1.5);
    await expect(theirs.getByTestId('message-time')).toHaveText(RELATIVE_TIME);
    await expect(mine.getByTestId('message-time')).toHaveText(RELATIVE_TIME);

    // Own on the right, the other's on the left of the message area.
    const area = (await page.getByTestId('message-list').boundingBox())!;
    const theirBox = (await theirs.boundingBox())!;
    const myBox = (await mine.boundingBox())!;
    expect(theirBox.x - area.x).toBeLessThan(4);
    expect(area.x + area.width - (myBox.x + myBox.width)).toBeLessThan(4);
    expect(myBox.x).toBeGreaterThan(theirBox.x);

    await expectNoSeriousA11yViolations(page, 'open conversation');
  });

  test('Enter sends, Shift+Enter adds a line; the button is disabled while blank; view scrolls to the end', async ({
    page,
  }) => {
    const [me, bob] = await Promise.all([registerUser('sendme'), registerUser('sendbob')]);
    const conv = await startConversation(me, bob, 'Long thread', 'Message 0');
    for (let i = 1; i < 14; i++) {
      await sendMessage(i % 2 ? bob : me, conv.id, `Message ${i}\nwith a second line`);
    }
    await openConversation(page, me, conv.id);
    const scroll = page.getByTestId('message-scroll');
    await expect(page.getByTestId('message')).toHaveCount(14);
    await expect.poll(() => isScrolledToEnd(scroll)).toBe(true);

    const input = page.getByPlaceholder('Type your message...');
    await expect(input).toHaveAttribute('rows', '2');
    const send = page.getByRole('button', { name: 'Send message' });
    await expect(send).toBeDisabled();
    await input.fill('   ');
    await expect(send).toBeDisabled();
    // Enter on a blank text sends nothing.
    await input.press('Enter');
    await expect(page.getByTestId('message')).toHaveCount(14);

    // Scroll away from the end; sending brings it back.
    await scroll.evaluate((el) => (el.scrollTop = 0));
    await input.fill('');
    await input.pressSequentially('First line');
    await input.press('Shift+Enter');
    await input.pressSequentially('second line');
    await expect(input).toHaveValue('First line\nsecond line');
    await expect(page.getByTestId('message')).toHaveCount(14);
    await expect(send).toBeEnabled();
    await input.press('Enter');

    const last = page.getByTestId('message').last();
    await expect(page.getByTestId('message')).toHaveCount(15);
    await expect(last).toHaveAttribute('data-own', 'true');
    await expect(last.getByTestId('message-content')).toHaveText('First line\nsecond line');
    await expect(input).toHaveValue('');
    await expect(send).toBeDisabled();
    await expect.poll(() => isScrolledToEnd(scroll)).toBe(true);

    // The button sends too; the server has both.
    await input.fill('Sent with the button');
    await send.click();
    await expect(page.getByTestId('message')).toHaveCount(16);
    const detail = await api<{ messages: { content: string }[] }>(
      'GET',
      `/messages/conversations/${conv.id}`,
      undefined,
      bob.token,
    );
    expect(detail.json.messages.map((m) => m.content).slice(-2)).toEqual([
      'First line\nsecond line',
      'Sent with the button',
    ]);
  });

  test('a failed send shows "Failed to send message" and keeps the text', async ({ page }) => {
    const [me, carol] = await Promise.all([registerUser('failme'), registerUser('failcarol')]);
    const conv = await startConversation(carol, me, 'Failing', 'Hi');
    await openConversation(page, me, conv.id);
    await page.route(`**/api/messages/conversations/${conv.id}/messages`, (route) =>
      route.fulfill({ status: 503, json: { error: 'Service unavailable' } }),
    );
    const input = page.getByPlaceholder('Type your message...');
    await input.fill('This will fail');
    await input.press('Enter');
    const error = page.getByTestId('send-error');
    await expect(error).toHaveText('Failed to send message');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(input).toHaveValue('This will fail');
    await expect(page.getByTestId('message')).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Send message' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, 'send failure');

    // Once the server answers again, the retry goes through and the error goes away.
    await page.unroute(`**/api/messages/conversations/${conv.id}/messages`);
    await input.press('Enter');
    await expect(page.getByTestId('message')).toHaveCount(2);
    await expect(error).toHaveCount(0);
  });

  test('the send button is disabled while sending', async ({ page }) => {
    const [me, dan] = await Promise.all([registerUser('busyme'), registerUser('busydan')]);
    const conv = await startConversation(dan, me, 'Busy', 'Hi');
    await openConversation(page, me, conv.id);
    await page.route(`**/api/messages/conversations/${conv.id}/messages`, async (route) => {
      await new Promise((r) => setTimeout(r, 1000));
      await route.fallback();
    });
    const input = page.getByPlaceholder('Type your message...');
    await input.fill('Slow one');
    const send = page.getByRole('button', { name: 'Send message' });
    await send.click();
    await expect(send).toBeDisabled();
    await expect(send).toHaveAttribute('aria-busy', 'true');
    await expect(page.getByTestId('message')).toHaveCount(2);
    await expect(input).toHaveValue('');
  });

  test("the other person's new message appears without a reload (10 s poll), announced", async ({
    page,
  }) => {
    const [me, erin] = await Promise.all([registerUser('pollme'), registerUser('pollerin')]);
    const conv = await startConversation(erin, me, 'Polling', 'Are you there?');
    await openConversation(page, me, conv.id);
    await expect(page.getByTestId('message')).toHaveCount(1);
    const item = page.locator(`[data-conversation-id="${conv.id}"]`);
    await expect(item.getByTestId('conversation-last-message')).toHaveText('Are you there?');

    await sendMessage(erin, conv.id, 'Ping from Erin');
    const last = page.getByTestId('message').last();
    await expect(last.getByTestId('message-content')).toHaveText('Ping from Erin', {
      timeout: 13_000,
    });
    await expect(last).toHaveAttribute('data-own', 'false');
    await expect(page.getByTestId('message-announcer')).toHaveText(
      `New message from u/${erin.username}: Ping from Erin`,
    );
    // The list follows (last message), and the open conversation stays read.
    await expect(item.getByTestId('conversation-last-message')).toHaveText('Ping from Erin');
    await expect(item.getByTestId('conversation-unread-badge')).toHaveCount(0);
  });

  test('unread badges update: the list entry and the header count clear on opening', async ({
    page,
  }) => {
    const [me, fay] = await Promise.all([registerUser('badgeme'), registerUser('badgefay')]);
    const conv = await startConversation(fay, me, 'Unread', 'One');
    await sendMessage(fay, conv.id, 'Two');
    await sendMessage(fay, conv.id, 'Three');

    await signInAs(page, me);
    await open(page, '/inbox');
    const item = page.locator(`[data-conversation-id="${conv.id}"]`);
    await expect(item.getByTestId('conversation-unread-badge')).toHaveText('3');
    await expect(item).toContainText('3 unread');
    const trigger = page.getByTestId('user-menu-trigger');
    await expect(trigger).toHaveAttribute('aria-label', /3 unread messages/);

    const unreadAfterOpen = page.waitForResponse(
      async (res) =>
        res.url().endsWith('/api/messages/unread-count') &&
        ((await res.json()) as { unreadCount: number }).unreadCount === 0,
    );
    await item.click();
    await expect(page.getByTestId('message')).toHaveCount(3);
    await unreadAfterOpen;
    await expect(item.getByTestId('conversation-unread-badge')).toHaveCount(0);
    await expect(trigger).not.toHaveAttribute('aria-label', /unread messages/);
  });

  test('a third user sees "Conversation not found"', async ({ page }) => {
    const [a, b, outsider] = await Promise.all([
      registerUser('privatea'),
      registerUser('privateb'),
      registerUser('outsider'),
    ]);
    const conv = await startConversation(a, b, 'Private', 'Just between us');
    await signInAs(page, outsider);
    await open(page, `/inbox/${conv.id}`);
    const notFound = page.getByTestId('conversation-not-found');
    await expect(notFound).toContainText('Conversation not found');
    await expect(notFound).toContainText(
      "The conversation you're looking for doesn't exist or you don't have access to it.",
    );
    await expect(page.getByText('Just between us')).toHaveCount(0);
    await expect(page.getByTestId('conversations-empty')).toHaveText('No conversations yet');
    await expectNoSeriousA11yViolations(page, 'conversation not found');

    // A malformed id reads the same.
    await open(page, '/inbox/not-an-id');
    await expect(page.getByTestId('conversation-not-found')).toContainText(
      'Conversation not found',
    );
  });

  test('long conversations open on the latest 50; earlier ones load on demand', async ({
    page,
  }) => {
    const [me, ike] = await Promise.all([registerUser('longme'), registerUser('longike')]);
    const conv = await startConversation(ike, me, 'Long', 'Message 1');
    for (let i = 2; i <= 53; i++) await sendMessage(i % 3 ? ike : me, conv.id, `Message ${i}`);
    await openConversation(page, me, conv.id);
    const contents = page.getByTestId('message-content');
    await expect(contents).toHaveCount(50);
    await expect(contents.first()).toHaveText('Message 4');
    await expect(contents.last()).toHaveText('Message 53');
    await page.getByRole('button', { name: 'Load earlier messages' }).click();
    await expect(contents).toHaveCount(53);
    await expect(contents.first()).toHaveText('Message 1');
    await expect(page.getByRole('button', { name: 'Load earlier messages' })).toHaveCount(0);
  });

  test('a spinner shows while the conversation loads', async ({ page }) => {
    const [me, gus] = await Promise.all([registerUser('spinme'), registerUser('spingus')]);
    const conv = await startConversation(gus, me, 'Slow', 'Loading...');
    await signInAs(page, me);
    await page.route(`**/api/messages/conversations/${conv.id}?*`, async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.fallback();
    });
    await open(page, `/inbox/${conv.id}`);
    const spinner = page.getByTestId('conversation-loading');
    await expect(spinner).toBeVisible();
    await expect(spinner.getByRole('status')).toHaveAttribute('aria-label', 'Loading conversation');
    await expect(page.getByTestId('conversation')).toBeVisible();
    await expect(spinner).toHaveCount(0);
  });
});
