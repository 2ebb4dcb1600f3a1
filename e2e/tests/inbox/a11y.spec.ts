import { expect, test } from '../../fixtures.js';
import {
  expectNoSeriousA11yViolations,
  registerUser,
  sendMessage,
  signInAs,
  startConversation,
  open,
} from './helpers.js';

test.describe('inbox accessibility', () => {
  test('keyboard only: open a conversation from the list and reply; new messages are announced', async ({
    page,
  }) => {
    const [me, hal] = await Promise.all([registerUser('kbme'), registerUser('kbhal')]);
    const conv = await startConversation(hal, me, 'Keyboard', 'Hello keyboard user');
    await signInAs(page, me);
    await open(page, '/inbox');
    const entry = page.locator(`[data-conversation-id="${conv.id}"]`);
    await expect(entry).toBeVisible();
    // Tab through the page until the conversation link has focus, then open it with Enter.
    for (let i = 0; i < 30; i++) {
      await page.keyboard.press('Tab');
      if (await entry.evaluate((el) => el === document.activeElement)) break;
    }
    await expect(entry).toBeFocused();
    // The entry's accessible name says who, that it is unread, and the subject.
    await expect(entry).toHaveAccessibleName(new RegExp(`u/${hal.username}.*1 unread.*Keyboard`));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/inbox/${conv.id}$`));
    await expect(page.getByTestId('message')).toHaveCount(1);

    // Reply box: labelled, reachable by Tab; the message area itself is focusable for scrolling.
    // Tab passes the received message's Report button, the editor's Write tab and its toolbar
    // (one stop) on the way.
    const input = page.getByRole('textbox', { name: 'Reply' });
    await expect(input).toHaveAttribute('placeholder', 'Type your message...');
    await page.getByTestId('message-scroll').focus();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('button', { name: `Report message from u/${hal.username}` }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tab', { name: 'Write' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(
      page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name: 'Bold' }),
    ).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(input).toBeFocused();
    await page.keyboard.type('Typed with the keyboard');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('message')).toHaveCount(2);
    await expect(input).toBeFocused();

    // The send button has an accessible name.
    await expect(page.getByRole('button', { name: 'Send message' })).toBeVisible();

    // The other person's reply is announced through a polite live region.
    const announcer = page.getByTestId('message-announcer');
    await expect(announcer).toHaveAttribute('aria-live', 'polite');
    await sendMessage(hal, conv.id, 'Heard you');
    await expect(announcer).toHaveText(`New message from u/${hal.username}: Heard you`, {
      timeout: 13_000,
    });
  });

  test('axe: inbox states in the dark theme have no serious or critical violations', async ({
    page,
  }) => {
    const [me, ivy] = await Promise.all([registerUser('darkme'), registerUser('darkivy')]);
    const conv = await startConversation(ivy, me, 'Dark', 'In the dark\nsecond line');
    await sendMessage(me, conv.id, 'Own message in the dark');
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await signInAs(page, me);

    await open(page, '/inbox');
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectNoSeriousA11yViolations(page, 'dark /inbox list with unread badge');

    await open(page, `/inbox/${conv.id}`);
    await expect(page.getByTestId('message')).toHaveCount(2);
    await expectNoSeriousA11yViolations(page, 'dark open conversation');

    await open(page, '/inbox/new');
    await page.getByLabel('Subject', { exact: true }).fill(' ');
    await page.getByLabel('Message', { exact: true }).focus();
    await expect(page.getByTestId('new-message-required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'dark /inbox/new with an error');
  });
});
