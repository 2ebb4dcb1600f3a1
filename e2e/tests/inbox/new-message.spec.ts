import { expect, test } from '../../fixtures.js';
import {
  expectNoSeriousA11yViolations,
  registerUser,
  signInAs,
  uniqueName,
  waitUntilMessageable,
  open,
} from './helpers.js';

test.describe('new message', () => {
  test('shows the title, fields, placeholders and hints; Cancel goes to /inbox', async ({
    page,
  }) => {
    const me = await registerUser('newform');
    await signInAs(page, me);
    await open(page, '/inbox/new');
    const form = page.getByTestId('inbox-new-page');
    await expect(page.getByRole('heading', { name: 'New Message', level: 1 })).toBeVisible();
    await expect(form).toContainText('Send a private message to another user');

    const to = page.getByLabel('To', { exact: true });
    await expect(to).toHaveAttribute('placeholder', 'username');
    await expect(to).toHaveAttribute('required', '');
    await expect(form.getByText('u/', { exact: true })).toBeVisible();
    await expect(form).toContainText('Enter the username of the person you want to message');
    const subject = page.getByLabel('Subject', { exact: true });
    await expect(subject).toHaveAttribute('placeholder', "What's this message about?");
    await expect(subject).toHaveAttribute('required', '');
    const message = page.getByLabel('Message', { exact: true });
    await expect(message).toHaveAttribute('placeholder', 'Write your message here...');
    await expect(message).toHaveAttribute('required', '');
    await expect(form).toContainText('Be respectful and follow community guidelines');
    await expect(page.getByTestId('new-message-submit')).toBeDisabled();
    await expectNoSeriousA11yViolations(page, '/inbox/new');

    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId('inbox-page')).toBeVisible();
  });

  test('blank or whitespace-only fields: button disabled, "All fields are required"', async ({
    page,
  }) => {
    const me = await registerUser('newblank');
    await signInAs(page, me);
    await open(page, '/inbox/new');
    const submit = page.getByTestId('new-message-submit');
    await expect(submit).toBeDisabled();
    await expect(page.getByTestId('new-message-required')).toHaveCount(0);

    await page.getByLabel('To', { exact: true }).fill('someone');
    await page.getByLabel('Subject', { exact: true }).fill('   ');
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await expect(submit).toBeDisabled();
    // Leaving a whitespace-only field says why the button stays disabled.
    await page.getByLabel('Subject', { exact: true }).focus();
    await page.getByLabel('Message', { exact: true }).focus();
    await expect(page.getByTestId('new-message-required')).toHaveText('All fields are required');
    await expect(page.getByLabel('Subject', { exact: true })).toHaveAttribute(
      'aria-invalid',
      'true',
    );

    await page.getByLabel('Subject', { exact: true }).fill('A subject');
    await expect(page.getByTestId('new-message-required')).toHaveCount(0);
    await expect(submit).toBeEnabled();

    await page.getByLabel('Message', { exact: true }).fill(' \n  ');
    await expect(submit).toBeDisabled();
    await page.getByLabel('To', { exact: true }).focus();
    await expect(page.getByTestId('new-message-required')).toHaveText('All fields are required');

    // Enter in a field with something blank submits nothing and shows the rule.
    await page.getByLabel('Message', { exact: true }).fill('Hello');
    await page.getByLabel('To', { exact: true }).fill('  ');
    await page.getByLabel('To', { exact: true }).press('Enter');
    await expect(page.getByTestId('new-message-required')).toBeVisible();
    await expect(page).toHaveURL(/\/inbox\/new$/);
    await expectNoSeriousA11yViolations(page, '/inbox/new with the required-fields error');
  });

  test('an unknown recipient shows the server error "User not found"', async ({ page }) => {
    const me = await registerUser('newunknown');
    await signInAs(page, me);
    await open(page, '/inbox/new');
    await page.getByLabel('To', { exact: true }).fill(uniqueName('nobody'));
    await page.getByLabel('Subject', { exact: true }).fill('Hello?');
    await page.getByLabel('Message', { exact: true }).fill('Is anyone there?');
    await page.getByTestId('new-message-submit').click();
    const error = page.getByTestId('new-message-error');
    await expect(error).toHaveText('User not found');
    await expect(error).toHaveAttribute('role', 'alert');
    await expect(page).toHaveURL(/\/inbox\/new$/);
    // The entered values stay for a correction.
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue('Hello?');
  });

  test("the 'to' parameter prefills the recipient; success opens /inbox/{new id}", async ({
    page,
  }) => {
    const [me, friend] = await Promise.all([registerUser('newsender'), registerUser('newfriend')]);
    await waitUntilMessageable(friend);
    await signInAs(page, me);
    await open(page, `/inbox/new?to=${friend.username}`);
    await expect(page.getByLabel('To', { exact: true })).toHaveValue(friend.username);

    // Values are trimmed before they are sent.
    await page.getByLabel('Subject', { exact: true }).fill('  Weekend plans  ');
    await page
      .getByLabel('Message', { exact: true })
      .fill('  Are you free on Saturday?\nLet me know.  ');
    let sent: unknown;
    // Hold the answer a moment to see the busy state.
    await page.route('**/api/messages/conversations', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent = route.request().postDataJSON();
      await new Promise((r) => setTimeout(r, 800));
      await route.fallback();
    });
    const submit = page.getByTestId('new-message-submit');
    await submit.click();
    await expect(submit).toHaveText('Sending...');
    await expect(submit).toBeDisabled();

    await expect(page).toHaveURL(/\/inbox\/[0-9a-f]{24}$/);
    expect(sent).toEqual({
      recipientUsername: friend.username,
      subject: 'Weekend plans',
      content: 'Are you free on Saturday?\nLet me know.',
    });
    const id = page.url().split('/').pop()!;
    await expect(page.getByTestId('conversation-other-user')).toHaveText(`u/${friend.username}`);
    await expect(page.getByTestId('conversation-subject-title')).toHaveText('Weekend plans');
    await expect(page.getByTestId('message-content')).toHaveText(
      'Are you free on Saturday?\nLet me know.',
    );
    // Keyboard users continue in the reply box.
    await expect(page.getByPlaceholder('Type your message...')).toBeFocused();
    const entry = page.locator(`[data-testid="conversation-item"][data-conversation-id="${id}"]`);
    await expect(entry).toHaveAttribute('aria-current', 'page');
  });

  test('a u/ typed before the name is accepted', async ({ page }) => {
    const [me, friend] = await Promise.all([registerUser('newprefix'), registerUser('newpf')]);
    await waitUntilMessageable(friend);
    await signInAs(page, me);
    await open(page, '/inbox/new');
    await page.getByLabel('To', { exact: true }).fill(`u/${friend.username}`);
    await page.getByLabel('Subject', { exact: true }).fill('Prefixed');
    await page.getByLabel('Message', { exact: true }).fill('Hi');
    await page.getByLabel('Message', { exact: true }).press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/inbox\/[0-9a-f]{24}$/);
    await expect(page.getByTestId('conversation-other-user')).toHaveText(`u/${friend.username}`);
  });
});
