import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  api,
  expectNoSeriousA11yViolations,
  openUserMenu,
  registerUser,
  signInWithTokens,
  type TestUser,
} from './helpers.js';
import { fragmentOf, readVerificationLinks } from './settings-helpers.js';

/** EXTENSIONS §B2 screens: /settings and /verify-email. */

const NEW_PASSWORD = 'Ch4ngedPassword';

async function openSettings(page: Page, user: TestUser) {
  await signInWithTokens(page, user);
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}

test.describe('/settings', () => {
  // Each test walks several pages and sign-ins (about 10 s alone, 35 s on a loaded machine).
  test.describe.configure({ timeout: 90_000 });

  test('a visitor signs in first and comes back; the user menu leads there', async ({ page }) => {
    const user = await registerUser('setvis');
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('page-settings')).toBeVisible();

    await page.goto('/terms');
    await openUserMenu(page);
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    for (const name of [
      'Password',
      'Email',
      'Notifications',
      'Blocked users',
      'Download my data',
      'Delete account',
    ]) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
  });

  test('change the password: the old one then fails at sign-in, the new one works', async ({
    page,
  }) => {
    const user = await registerUser('setpw');
    await openSettings(page, user);

    // Client checks: spec §5 rules and the confirmation.
    await page.getByTestId('settings-current-password').fill(user.password);
    await page.getByTestId('settings-new-password').fill('short');
    await page.getByTestId('settings-confirm-password').fill('other');
    await page.getByTestId('settings-password-submit').click();
    await expect(page.getByTestId('settings-new-password-error')).toHaveText(
      'Password must be at least 8 characters long',
    );
    await expect(page.getByTestId('settings-confirm-password-error')).toHaveText(
      'Passwords do not match',
    );

    // The server's refusal of a wrong current password shows on that field.
    await page.getByTestId('settings-current-password').fill('Wr0ngPassword');
    await page.getByTestId('settings-new-password').fill(NEW_PASSWORD);
    await page.getByTestId('settings-confirm-password').fill(NEW_PASSWORD);
    await page.getByTestId('settings-password-submit').click();
    await expect(page.getByTestId('settings-current-password-error')).toHaveText(
      'Current password is incorrect',
    );
    await expect(page.getByTestId('settings-current-password')).toBeFocused();

    await page.getByTestId('settings-current-password').fill(user.password);
    await page.getByTestId('settings-password-submit').click();
    const status = page.getByTestId('settings-password-status');
    await expect(status).toHaveText(
      'Your password has been changed. You were signed out everywhere else.',
    );
    await expect(status.locator('..')).toBeFocused();
    for (const id of ['current-password', 'new-password', 'confirm-password']) {
      await expect(page.getByTestId(`settings-${id}`)).toHaveValue('');
    }

    // This tab goes on with the new pair; the session from registration was signed out.
    const stored = await page.evaluate(() => localStorage.getItem('refreshToken'));
    expect(stored).not.toBe(user.refreshToken);
    expect((await api('POST', '/auth/refresh', { refreshToken: user.refreshToken })).status).toBe(
      401,
    );
    await page.reload();
    await expect(page.getByTestId('page-settings')).toBeVisible();
    await expect(page.getByTestId('header-username')).toHaveText(user.username);

    // Sign out, then the old password is refused and the new one signs in.
    await openUserMenu(page);
    await page.getByTestId('menu-signout').click();
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('header-username')).toHaveText(user.username);
  });

  test('change the email: not verified, resend, verify through the mailed link', async ({
    page,
  }) => {
    const user = await registerUser('setmail');
    await openSettings(page, user);
    await expect(page.getByTestId('settings-email-address')).toHaveText(user.email);

    const newEmail = `${user.username.toLowerCase()}.new@example.test`;
    await page.getByTestId('settings-new-email').fill(newEmail);
    await page.getByTestId('settings-email-password').fill('Wr0ngPassword');
    await page.getByTestId('settings-email-submit').click();
    await expect(page.getByTestId('settings-email-password-error')).toHaveText(
      'Password is incorrect',
    );

    await page.getByTestId('settings-email-password').fill(user.password);
    await page.getByTestId('settings-email-submit').click();
    await expect(page.getByTestId('settings-email-status')).toHaveText(
      `Your email address is now ${newEmail}. Open the link we sent there to verify it.`,
    );
    await expect(page.getByTestId('settings-email-address')).toHaveText(newEmail);
    await expect(page.getByTestId('settings-email-state')).toHaveText('Not verified');
    await expect(page.getByTestId('settings-new-email')).toHaveValue('');
    await readVerificationLinks(newEmail, 1);

    await page.getByRole('button', { name: 'Resend verification email' }).click();
    await expect(page.getByTestId('settings-email-status')).toHaveText(
      'A verification link has been sent to your email address.',
    );
    const links = await readVerificationLinks(newEmail, 2);
    const fragment = fragmentOf(links.at(-1)!);

    await page.goto(`/verify-email${fragment}`);
    await expect(page.getByTestId('verify-email-status')).toHaveText(
      'Your email address has been verified.',
    );
    // The token does not stay in the address bar.
    await expect(page).toHaveURL(/\/verify-email$/);
    await page.getByTestId('verify-email-settings').click();
    await expect(page.getByTestId('settings-email-state')).toHaveText('Verified');
    await expect(page.getByTestId('settings-email-resend')).toHaveCount(0);

    // Signed out, a used link is refused, with a way home.
    await page.evaluate(() => localStorage.clear());
    await page.goto(`/verify-email${fragment}`);
    await expect(page.getByTestId('verify-email-status')).toHaveText(
      'Invalid or expired verification link',
    );
    await expect(page.getByTestId('verify-email-home')).toBeVisible();
  });

  test('a notification switch saves on toggle and stays after a reload', async ({ page }) => {
    const user = await registerUser('setnote');
    await openSettings(page, user);
    const messages = page.getByRole('switch', { name: 'Private messages' });
    await expect(messages).toHaveAttribute('aria-checked', 'true');

    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/notifications/preferences') && r.request().method() === 'PUT',
    );
    await messages.click();
    await expect(messages).toHaveAttribute('aria-checked', 'false');
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Private messages' })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    const prefs = await api<Record<string, boolean>>(
      'GET',
      '/notifications/preferences',
      undefined,
      user.token,
    );
    expect(prefs.json).toMatchObject({ private_message: false, reply_to_post: true });

    // A failed save puts the switch back and says so.
    await page.route('**/api/notifications/preferences', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { error: 'Internal server error' } })
        : route.fallback(),
    );
    const votes = page.getByRole('switch', { name: 'Votes on your posts' });
    await votes.click();
    await expect(page.getByTestId('settings-notify-error')).toBeVisible();
    await expect(votes).toHaveAttribute('aria-checked', 'true');
    await page.unroute('**/api/notifications/preferences');

    // The keyboard works it too.
    await page.getByRole('switch', { name: 'Private messages' }).focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('switch', { name: 'Private messages' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect
      .poll(
        async () =>
          (
            await api<Record<string, boolean>>(
              'GET',
              '/notifications/preferences',
              undefined,
              user.token,
            )
          ).json.private_message,
      )
      .toBe(true);
  });

  test('unblock from the list of blocked users', async ({ page }) => {
    const user = await registerUser('setblk');
    const other = await registerUser('setblkd');
    const blocked = await api('PUT', `/blocks/${other.username}`, undefined, user.token);
    expect(blocked.status, JSON.stringify(blocked.json)).toBe(200);
    await openSettings(page, user);

    const row = page.getByTestId('settings-block-row');
    await expect(row).toHaveCount(1);
    const link = row.getByRole('link', { name: `u/${other.username}` });
    await expect(link).toHaveAttribute('href', `/u/${other.username}`);
    // The reader's calendar date ("Nov 27, 2026" in en-US), not a timestamp.
    const year = new Date().getFullYear();
    await expect(row.locator('time')).toHaveText(new RegExp(`^Blocked [\\w ,.]+ ${year}$`));
    await expectNoSeriousA11yViolations(page, '/settings with a blocked user');

    await row.getByRole('button', { name: `Unblock u/${other.username}` }).click();
    await expect(page.getByTestId('settings-blocks-status')).toHaveText(
      `u/${other.username} is no longer blocked.`,
    );
    await expect(page.getByTestId('settings-blocks-empty')).toHaveText(
      'You have not blocked anyone.',
    );
    const after = await api<{ blocks: unknown[] }>('GET', '/blocks', undefined, user.token);
    expect(after.json.blocks).toEqual([]);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`axe clean, ${scheme} theme; fits a phone`, async ({ page }) => {
      const user = await registerUser('setaxe');
      await page.emulateMedia({ colorScheme: scheme });
      await openSettings(page, user);
      await expect(page.getByRole('switch')).not.toHaveCount(0);
      await expect(page.getByTestId('settings-blocks-empty')).toBeVisible();
      await expect(page.getByTestId('settings-email-state')).toBeVisible();
      // Errors and a status on screen too.
      await page.getByTestId('settings-password-submit').click();
      await expect(page.getByTestId('settings-current-password-error')).toBeVisible();
      await expectNoSeriousA11yViolations(page, `/settings ${scheme}`);

      await page.setViewportSize({ width: 375, height: 740 });
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBeLessThanOrEqual(0);

      await page.goto('/verify-email#token=not-a-real-token');
      await expect(page.getByTestId('verify-email-status')).toHaveText(
        'Invalid or expired verification link',
      );
      await expectNoSeriousA11yViolations(page, `/verify-email ${scheme}`);
    });
  }
});
