import { expect, test } from '../../fixtures.js';
import {
  RELATIVE_TIME,
  expectNoSeriousA11yViolations,
  registerUser,
  sendMessage,
  signInAs,
  startConversation,
  open,
} from './helpers.js';

test.describe('inbox list', () => {
  test('a new user sees Messages, New Message, an empty list and the select prompt', async ({
    page,
  }) => {
    const me = await registerUser('empty');
    await signInAs(page, me);
    await open(page, '/inbox');
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
    const newLink = page.getByRole('link', { name: 'New Message' });
    await expect(newLink).toHaveAttribute('href', '/inbox/new');
    const list = page.getByTestId('conversations');
    await expect(list.getByRole('heading', { name: 'Conversations' })).toBeVisible();
    await expect(page.getByTestId('conversations-empty')).toHaveText('No conversations yet');
    const pane = page.getByTestId('conversation-placeholder');
    await expect(pane).toContainText('Select a conversation');
    await expect(pane).toContainText('Choose a conversation from the list to view messages.');
    // Spec §9: the list scrolls inside a 600 px area.
    const scroll = page.getByTestId('conversations-scroll');
    await expect(scroll).toHaveCSS('height', '600px');
    await expect(scroll).toHaveCSS('overflow-y', 'auto');
    await expectNoSeriousA11yViolations(page, 'empty /inbox');

    await newLink.click();
    await expect(page).toHaveURL(/\/inbox\/new$/);
  });

  test("New Message keeps the 'to' parameter", async ({ page }) => {
    const me = await registerUser('keepto');
    await signInAs(page, me);
    await open(page, '/inbox?to=somebody');
    const newLink = page.getByRole('link', { name: 'New Message' });
    await expect(newLink).toHaveAttribute('href', '/inbox/new?to=somebody');
    await newLink.click();
    await expect(page.getByLabel('To', { exact: true })).toHaveValue('somebody');
  });

  test('entries show u/name, initial, unread badge, subject, last message, time; selection', async ({
    page,
  }) => {
    const [me, alice, bob] = await Promise.all([
      registerUser('listme'),
      registerUser('alice'),
      registerUser('bob'),
    ]);
    const fromAlice = await startConversation(alice, me, 'Lunch tomorrow', 'First message');
    await sendMessage(alice, fromAlice.id, 'Second message from Alice');
    // A conversation I started: nothing unread for me.
    const toBob = await startConversation(me, bob, 'Project update', 'Status: all good');

    await signInAs(page, me);
    await open(page, '/inbox');
    const items = page.getByTestId('conversation-item');
    await expect(items).toHaveCount(2);
    // Newest first.
    await expect(items.nth(0)).toHaveAttribute('data-conversation-id', toBob.id);

    const aliceItem = page.locator(`[data-conversation-id="${fromAlice.id}"]`);
    await expect(aliceItem).toHaveAttribute('href', `/inbox/${fromAlice.id}`);
    await expect(aliceItem.getByTestId('conversation-username')).toHaveText(`u/${alice.username}`);
    await expect(aliceItem.getByTestId('conversation-avatar')).toHaveText(
      alice.username[0]!.toUpperCase(),
    );
    await expect(aliceItem.getByTestId('conversation-unread-badge')).toHaveText('2');
    await expect(aliceItem.getByTestId('conversation-subject')).toHaveText('Lunch tomorrow');
    await expect(aliceItem.getByTestId('conversation-last-message')).toHaveText(
      'Second message from Alice',
    );
    await expect(aliceItem.getByTestId('conversation-time')).toHaveText(RELATIVE_TIME);

    const bobItem = page.locator(`[data-conversation-id="${toBob.id}"]`);
    await expect(bobItem.getByTestId('conversation-unread-badge')).toHaveCount(0);
    await expect(bobItem.getByTestId('conversation-last-message')).toHaveText('Status: all good');
    await expect(bobItem).toHaveAttribute('data-selected', 'false');

    // Opening a conversation highlights it and clears its unread badge (it is read now).
    await aliceItem.click();
    await expect(page).toHaveURL(new RegExp(`/inbox/${fromAlice.id}$`));
    await expect(aliceItem).toHaveAttribute('aria-current', 'page');
    await expect(aliceItem).toHaveClass(/inbox-entry--selected/);
    await expect(aliceItem.getByTestId('conversation-unread-badge')).toHaveCount(0);
    await expect(bobItem).not.toHaveAttribute('aria-current', 'page');
    const selectedBg = await aliceItem.evaluate((el) => getComputedStyle(el).backgroundColor);
    const otherBg = await bobItem.evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(selectedBg).not.toBe(otherBg);
  });

  test('the list shows "Failed to load conversations" when it cannot be loaded', async ({
    page,
  }) => {
    const me = await registerUser('listfail');
    await signInAs(page, me);
    await page.route('**/api/messages/conversations?*', (route) =>
      route.fulfill({ status: 500, json: { error: 'Internal server error' } }),
    );
    await open(page, '/inbox');
    await expect(page.getByTestId('conversations-error')).toContainText(
      'Failed to load conversations',
    );
    await page.unroute('**/api/messages/conversations?*');
    await page
      .getByTestId('conversations-error')
      .getByRole('button', { name: 'Try Again' })
      .click();
    await expect(page.getByTestId('conversations-empty')).toHaveText('No conversations yet');
  });
});
