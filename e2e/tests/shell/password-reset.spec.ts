import { expect, test } from '../../fixtures.js';
import { api, readResetLink, registerUser } from './helpers.js';

const CONFIRMATION = 'If an account with that email exists, a password reset link has been sent.';

test.describe('/forgot-password', () => {
  test('shows the same confirmation for an unknown address', async ({ page }) => {
    await page.goto('/forgot-password');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-email-error')).toHaveText(
      'Please enter a valid email address',
    );
    await page.getByLabel('Email').fill('nobody-here@example.test');
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(CONFIRMATION);
  });

  test('request a link, set a new password from the mail, sign in with it', async ({ page }) => {
    const user = await registerUser('reset');
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(user.email);
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByTestId('forgot-sent')).toHaveText(CONFIRMATION);

    const link = await readResetLink(user.email);
    const fragment = link.slice(link.indexOf('#'));
    expect(fragment).toMatch(/^#token=/);
    await page.goto(`/forgot-password${fragment}`);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

    // Same rules as registration, plus the confirmation.
    await page.getByTestId('reset-password').fill('short');
    await page.getByTestId('reset-confirm-password').fill('other');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-password-error')).toHaveText(
      'Password must be at least 8 characters long',
    );
    await expect(page.getByTestId('reset-confirm-password-error')).toHaveText(
      'Passwords do not match',
    );

    const newPassword = 'N3wPassword';
    await page.getByTestId('reset-password').fill(newPassword);
    await page.getByTestId('reset-confirm-password').fill(newPassword);
    await page.getByTestId('reset-submit').click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByTestId('login-notice')).toHaveText(
      'Your password has been reset. Please sign in.',
    );

    // The old password no longer works, the new one does.
    expect(
      (await api('POST', '/auth/login', { email: user.username, password: user.password })).status,
    ).toBe(401);
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-username')).toHaveText(user.username);

    // The link is single-use.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/forgot-password${fragment}`);
    await page.getByTestId('reset-password').fill('An0therPassword');
    await page.getByTestId('reset-confirm-password').fill('An0therPassword');
    await page.getByTestId('reset-submit').click();
    await expect(page.getByTestId('reset-error')).toContainText('Invalid or expired reset token');
  });
});
