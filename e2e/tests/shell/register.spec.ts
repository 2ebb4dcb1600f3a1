import { expect, test } from '../../fixtures.js';
import { api, PASSWORD, registerUser, uniqueName } from './helpers.js';

test.describe('/register', () => {
  test('shows the client rules and texts of spec §5', async ({ page }) => {
    await page.goto('/register');
    const form = page.getByTestId('page-register');
    await expect(form.getByRole('heading', { level: 1 })).toBeVisible();
    // Helper text of the password field.
    await expect(form).toContainText(
      'At least 8 characters, including an uppercase letter, a lowercase letter and a number.',
    );
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-username-error')).toHaveText(
      'Username must be between 3 and 50 characters',
    );
    await expect(page.getByTestId('register-email-error')).toHaveText(
      'Please enter a valid email address',
    );
    await expect(page.getByTestId('register-password-error')).toHaveText(
      'Password must be at least 8 characters long',
    );
    await expect(page.getByTestId('register-terms-error')).toHaveText(
      'You must accept the terms to register',
    );

    await page.getByTestId('register-username').fill('bad name!');
    await page.getByTestId('register-email').fill('not-an-email');
    await page.getByTestId('register-password').fill('alllowercase');
    await page.getByTestId('register-confirm-password').fill('different');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-username-error')).toHaveText(
      'Username can only contain letters and numbers',
    );
    await expect(page.getByTestId('register-password-error')).toHaveText(
      'Password must contain an uppercase letter, a lowercase letter and a number',
    );
    await expect(page.getByTestId('register-confirm-password-error')).toHaveText(
      'Passwords do not match',
    );
    // Nothing was sent while the form is invalid.
    await expect(page).toHaveURL(/\/register$/);
  });

  test('the terms checkbox links to /terms and /privacy', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByTestId('register-terms-link')).toHaveAttribute('href', '/terms');
    await expect(page.getByTestId('register-privacy-link')).toHaveAttribute('href', '/privacy');
  });

  test('registration signs the user in', async ({ page }) => {
    const username = uniqueName('reg');
    await page.goto('/register');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username.toLowerCase()}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Confirm password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-username')).toHaveText(username);
    await expect(page.getByTestId('nav-signin')).toHaveCount(0);
    const tokens = await page.evaluate(() => [
      localStorage.getItem('token'),
      localStorage.getItem('refreshToken'),
    ]);
    expect(tokens[0]).toBeTruthy();
    expect(tokens[1]).toBeTruthy();
  });

  test('shows the server 409 text', async ({ page }) => {
    const existing = await registerUser('taken');
    await page.goto('/register');
    await page.getByTestId('register-username').fill(existing.username);
    await page.getByTestId('register-email').fill(`${uniqueName('other')}@example.test`);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm-password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-error')).toHaveText('Username is already taken');
    // Still there once the form has settled after the submit (only edits clear it).
    await expect(page.getByTestId('register-submit')).toBeEnabled();
    await page.getByTestId('register-username').focus();
    await expect(page.getByTestId('register-error')).toHaveText('Username is already taken');

    await page.getByTestId('register-username').fill(uniqueName('fresh'));
    await page.getByTestId('register-email').fill(existing.email);
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-error')).toHaveText('Email is already registered');

    // Editing a field clears the server's answer: it no longer describes what is in the form,
    // and a submit the client refuses must not leave it standing next to the new error.
    await page.getByTestId('register-username').fill(uniqueName('again'));
    await expect(page.getByTestId('register-error')).toHaveCount(0);
    await page.getByTestId('register-password').fill('password1');
    await page.getByTestId('register-confirm-password').fill('password1');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-password-error')).toBeVisible();
    await expect(page.getByTestId('register-error')).toHaveCount(0);
  });

  test('joins server details with ". " and falls back to the spec text', async ({ page }) => {
    let answer: { status: number; body: string } = {
      status: 400,
      body: JSON.stringify({
        error: 'Validation failed',
        details: ['Username is reserved', 'Email domain is blocked'],
      }),
    };
    await page.route('**/api/auth/register', (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );
    await page.goto('/register');
    await page.getByTestId('register-username').fill(uniqueName('det'));
    await page.getByTestId('register-email').fill(`${uniqueName('det')}@example.test`);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm-password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-error')).toHaveText(
      'Username is reserved. Email domain is blocked',
    );

    answer = { status: 500, body: '' };
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-error')).toHaveText(
      'An error occurred during registration',
    );
  });

  test('a valid referral code in the fragment shows a banner and is sent', async ({ page }) => {
    const referrer = await registerUser('referrer');
    const code = (
      await api<{ referral_code: string }>('GET', '/auth/referral-code', undefined, referrer.token)
    ).json.referral_code;
    expect(code).toMatch(/^[A-Z0-9]{8}$/);

    await page.goto(`/register#${code}`);
    await expect(page.getByTestId('referral-banner')).toContainText(code);

    const username = uniqueName('referred');
    await page.getByTestId('register-username').fill(username);
    await page.getByTestId('register-email').fill(`${username.toLowerCase()}@example.test`);
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-confirm-password').fill(PASSWORD);
    await page.getByTestId('register-terms').check();
    const request = page.waitForRequest('**/api/auth/register');
    await page.getByTestId('register-submit').click();
    expect((await request).postDataJSON()).toMatchObject({ username, referral_code: code });
    await expect(page.getByTestId('header-username')).toHaveText(username);

    const stats = await api<{ completed_referrals: number }>(
      'GET',
      '/auth/referral-stats',
      undefined,
      referrer.token,
    );
    expect(stats.json.completed_referrals).toBe(1);
  });

  for (const fragment of ['#abcd1234', '#ABC123', '#ABCD12345', '#ABCD-123']) {
    test(`no banner and no code for ${fragment}`, async ({ page }) => {
      await page.goto(`/register${fragment}`);
      await expect(page.getByTestId('page-register')).toBeVisible();
      await expect(page.getByTestId('referral-banner')).toHaveCount(0);
      const username = uniqueName('noref');
      await page.getByTestId('register-username').fill(username);
      await page.getByTestId('register-email').fill(`${username.toLowerCase()}@example.test`);
      await page.getByTestId('register-password').fill(PASSWORD);
      await page.getByTestId('register-confirm-password').fill(PASSWORD);
      await page.getByTestId('register-terms').check();
      const request = page.waitForRequest('**/api/auth/register');
      await page.getByTestId('register-submit').click();
      expect((await request).postDataJSON()).not.toHaveProperty('referral_code');
    });
  }
});
