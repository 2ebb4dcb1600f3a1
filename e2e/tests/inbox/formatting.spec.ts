import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  expectNoSeriousA11yViolations,
  open,
  registerUser,
  sendMessage,
  signInAs,
  startConversation,
  waitUntilMessageable,
  type InboxUser,
} from './helpers.js';

/** Opens a conversation and waits for its reply box. */
async function openConversation(page: Page, user: InboxUser, id: string) {
  await signInAs(page, user);
  await open(page, `/inbox/${id}`);
  await expect(page.getByTestId('conversation')).toBeVisible();
}

test.describe('Markdown in messages (EXTENSIONS §F)', () => {
  test('the toolbar formats, Preview renders it, the sent message shows it; the reply box resets', async ({
    page,
  }) => {
    const [me, pal] = await Promise.all([registerUser('fmtme'), registerUser('fmtpal')]);
    const conv = await startConversation(pal, me, 'Formatting', 'Hello there');
    await openConversation(page, me, conv.id);

    const composer = page.getByTestId('composer');
    const input = page.getByRole('textbox', { name: 'Reply' });
    const toolbar = composer.getByRole('toolbar', { name: 'Formatting' });
    await expect(toolbar).toBeVisible();

    // Bold via the button, around a selection.
    await input.fill('world');
    await input.selectText();
    await toolbar.getByRole('button', { name: 'Bold' }).click();
    await expect(input).toHaveValue('**world**');
    await expect(input).toBeFocused();

    // A spoiler via the button with nothing selected: its placeholder is selected, typing replaces it.
    await input.press('End');
    await input.pressSequentially(' and ');
    await toolbar.getByRole('button', { name: 'Spoiler', exact: true }).click();
    await page.keyboard.type('the secret');
    await expect(input).toHaveValue('**world** and >!the secret!<');

    // Ctrl+B wraps too.
    await input.press('End');
    await input.pressSequentially(' ');
    await input.press('ControlOrMeta+b');
    await page.keyboard.type('loud');
    await input.press('Home');
    await input.pressSequentially('[x](javascript:alert(1)) ');
    const source = '[x](javascript:alert(1)) **world** and >!the secret!< **loud**';
    await expect(input).toHaveValue(source);

    // Preview renders it (the renderer loads on demand); the textarea keeps its text.
    await composer.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('message-input-preview');
    await expect(preview.locator('strong')).toHaveText(['world', 'loud']);
    await expect(preview.getByRole('button', { name: 'Spoiler', exact: true })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    await expect(preview.getByText('the secret')).toBeHidden();
    await expect(preview.locator('a')).toHaveCount(0);
    await expect(input).toBeHidden();
    await expectNoSeriousA11yViolations(page, 'reply preview');

    // Back to Write: the text is still there; send it.
    await composer.getByRole('tab', { name: 'Write' }).click();
    await expect(input).toHaveValue(source);
    await page.getByRole('button', { name: 'Send message' }).click();

    const sent = page.getByTestId('message').last();
    await expect(sent).toHaveAttribute('data-own', 'true');
    const content = sent.getByTestId('message-content');
    await expect(content.locator('strong')).toHaveText(['world', 'loud']);
    await expect(content.getByRole('button', { name: 'Spoiler', exact: true })).toBeVisible();
    await expect(content.locator('a')).toHaveCount(0);
    // The reply box is empty, back on Write, and has the focus.
    await expect(input).toHaveValue('');
    await expect(input).toBeFocused();
  });

  test('a sent message: spoilers open by click and keyboard, unsafe links are text, the list preview hides the spoiler', async ({
    page,
  }) => {
    const [me, pal] = await Promise.all([registerUser('fmtspoil'), registerUser('fmtother')]);
    const conv = await startConversation(pal, me, 'Spoilers', 'Hello there');
    await sendMessage(
      me,
      conv.id,
      '[click me](javascript:alert(1)) `npm ci` https://example.com **world** and >!the secret!< **loud**',
    );
    await openConversation(page, me, conv.id);

    const sent = page.getByTestId('message').last();
    await expect(sent).toHaveAttribute('data-own', 'true');
    const content = sent.getByTestId('message-content');
    await expect(content.locator('strong')).toHaveText(['world', 'loud']);
    // A javascript: link is its text, never a link; the autolink is one, same tab, rel set.
    await expect(content).toContainText('click me');
    await expect(content.locator('a')).toHaveCount(1);
    const link = content.getByRole('link', { name: 'https://example.com' });
    await expect(link).toHaveAttribute('href', 'https://example.com/');
    await expect(link).toHaveAttribute('rel', 'nofollow ugc noopener');
    await expect(content.locator('code')).toHaveText('npm ci');

    // The spoiler opens on click...
    const secret = content.getByText('the secret');
    await expect(secret).toBeHidden();
    await content.getByRole('button', { name: 'Spoiler', exact: true }).click();
    const hide = content.getByRole('button', { name: 'Hide spoiler', exact: true });
    await expect(hide).toHaveAttribute('aria-expanded', 'true');
    await expect(secret).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'conversation with an open spoiler');
    // ...and closes and opens again from the keyboard.
    await hide.press('Enter');
    await expect(secret).toBeHidden();
    await content.getByRole('button', { name: 'Spoiler', exact: true }).press(' ');
    await expect(secret).toBeVisible();

    // The list shows plain text: markup stripped, the spoiler as [spoiler].
    const last = page
      .locator(`[data-conversation-id="${conv.id}"]`)
      .getByTestId('conversation-last-message');
    await expect(last).toContainText('npm ci https://example.com world and [spoiler] loud');
    await expect(last).not.toContainText('secret');
    await expect(last).not.toContainText('**');
  });

  test('a received message: mentions are router links, the announcer never reads a spoiler', async ({
    page,
  }) => {
    const [me, pal] = await Promise.all([registerUser('fmtrecv'), registerUser('fmtsend')]);
    const conv = await startConversation(pal, me, 'Mentions', 'First');
    await openConversation(page, me, conv.id);
    await expect(page.getByTestId('message')).toHaveCount(1);

    await sendMessage(pal, conv.id, `Ask u/${pal.username} about >!the ending!<\n\n- one\n- two`);
    const received = page.getByTestId('message').last();
    await expect(page.getByTestId('message')).toHaveCount(2, { timeout: 15_000 });
    await expect(page.getByTestId('message-announcer')).toHaveText(
      `New message from u/${pal.username}: Ask u/${pal.username} about [spoiler] one two`,
    );
    const content = received.getByTestId('message-content');
    await expect(content.getByRole('listitem')).toHaveText(['one', 'two']);
    const mention = content.getByRole('link', { name: `u/${pal.username}` });
    await expect(mention).toHaveAttribute('href', `/u/${pal.username}`);
    await expectNoSeriousA11yViolations(page, 'received Markdown message');

    // The shell's router takes the click: no full page load.
    await page.evaluate(() => ((window as unknown as { e2eMarker: number }).e2eMarker = 1));
    await mention.click();
    await expect(page).toHaveURL(new RegExp(`/u/${pal.username}$`));
    expect(await page.evaluate(() => (window as unknown as { e2eMarker?: number }).e2eMarker)).toBe(
      1,
    );
  });

  test('New Message: the editor formats a list, previews it, and the conversation shows it', async ({
    page,
  }) => {
    const [me, pal] = await Promise.all([registerUser('fmtnew'), registerUser('fmtto')]);
    await waitUntilMessageable(pal);
    await signInAs(page, me);
    await open(page, `/inbox/new?to=${pal.username}`);

    await page.getByLabel('Subject', { exact: true }).fill('Shopping');
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('milk\neggs');
    await message.selectText();
    const form = page.getByTestId('new-message-form');
    await form
      .getByRole('toolbar', { name: 'Formatting' })
      .getByRole('button', { name: 'List' })
      .click();
    await expect(message).toHaveValue('- milk\n- eggs');

    // Keyboard: the toolbar is one tab stop, arrows move within it.
    const bold = form.getByRole('button', { name: 'Bold' });
    await expect(bold).toHaveAttribute('tabindex', '-1');
    await form.getByRole('button', { name: 'List' }).press('ArrowRight');
    await expect(form.getByRole('button', { name: 'Spoiler', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(bold).toBeFocused();

    await form.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByTestId('new-message-content-preview').getByRole('listitem')).toHaveText([
      'milk',
      'eggs',
    ]);
    await expectNoSeriousA11yViolations(page, '/inbox/new preview');

    // Sending from Preview works: the textarea stayed in the form.
    await page.getByTestId('new-message-submit').click();
    await expect(page).toHaveURL(/\/inbox\/[^/]+$/);
    const content = page.getByTestId('message-content');
    await expect(content.getByRole('listitem')).toHaveText(['milk', 'eggs']);
  });

  test('an empty Preview says so', async ({ page }) => {
    const me = await registerUser('fmtempty');
    await signInAs(page, me);
    await open(page, '/inbox/new');
    await page.getByTestId('new-message-form').getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByTestId('new-message-content-preview')).toHaveText('Nothing to preview');
  });
});
