import { expect, test } from '../../fixtures.js';
import { expectNoSeriousA11yViolations, open } from './helpers.js';

test.describe('inbox signed out', () => {
  test('/inbox asks to sign in to view messages, with a Sign in link to /login', async ({
    page,
  }) => {
    await open(page, '/inbox');
    const box = page.getByTestId('inbox-signed-out');
    await expect(box).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sign in to view messages' })).toBeVisible();
    await expect(box).toContainText('You need to be signed in to send and receive messages.');
    await expect(page.getByTestId('inbox-page')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'signed-out /inbox');
    await box.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('/inbox/{id} shows the same sign-in prompt', async ({ page }) => {
    await open(page, '/inbox/0123456789abcdef01234567');
    await expect(page.getByRole('heading', { name: 'Sign in to view messages' })).toBeVisible();
    await expect(page.getByTestId('conversation')).toHaveCount(0);
  });

  test('/inbox/new asks to sign in to send messages', async ({ page }) => {
    await open(page, '/inbox/new?to=someone');
    const box = page.getByTestId('inbox-signed-out');
    await expect(page.getByRole('heading', { name: 'Sign in to send messages' })).toBeVisible();
    await expect(box).toContainText('You need to be signed in to send messages to other users.');
    await expect(page.getByTestId('new-message-form')).toHaveCount(0);
    await expect(box.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    await expectNoSeriousA11yViolations(page, 'signed-out /inbox/new');
  });
});
