import { expect, test } from '../../fixtures.js';
import { api, openUserMenu, registerUser, signInWithTokens } from './helpers.js';

test.describe('/login', () => {
  test('requires both fields with the contract texts', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByLabel('Email or Username')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Remember me')).toBeVisible();
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-email-error')).toHaveText('Email or username is required');
    await expect(page.getByTestId('login-password-error')).toHaveText('Password is required');
  });

  test('links to /forgot-password', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await expect(page.getByTestId('page-forgot-password')).toBeVisible();
  });

  test('shows the server error, and the fallback when there is none', async ({ page }) => {
    const user = await registerUser('wrongpw');
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill('Wr0ngPassword');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('Invalid credentials');

    await page.route('**/api/auth/login', (route) => route.abort('connectionrefused'));
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toHaveText('An error occurred during login');
  });

  test('signs in with a username or an email; Remember me is sent', async ({ page }) => {
    const user = await registerUser('login');
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Remember me').check();
    const request = page.waitForRequest('**/api/auth/login');
    await page.getByTestId('login-submit').click();
    expect((await request).postDataJSON()).toEqual({
      email: user.email,
      password: user.password,
      rememberMe: true,
    });
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('header-username')).toHaveText(user.username);

    // The remembered session is still there after a reload (tokens in local storage).
    await page.reload();
    await expect(page.getByTestId('header-username')).toHaveText(user.username);

    // Without Remember me: rememberMe false, by username.
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const second = page.waitForRequest('**/api/auth/login');
    await page.getByTestId('login-submit').click();
    expect((await second).postDataJSON()).toMatchObject({ rememberMe: false });
    await expect(page.getByTestId('header-username')).toHaveText(user.username);
  });

  test('returns to where the user was going (from)', async ({ page }) => {
    const user = await registerUser('from');
    await page.goto('/login?from=%2Fterms');
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/terms$/);
    await expect(page.getByTestId('page-terms')).toBeVisible();
  });

  test('an expired session goes to /login and back to the page after signing in', async ({
    page,
  }) => {
    const user = await registerUser('expired');
    // A token the server rejects and a refresh token it does not know: refresh answers 401.
    await signInWithTokens(page, {
      token: user.token.replace(/.{6}$/, 'AAAAAA'),
      refreshToken: 'revoked-refresh-token',
    });
    await page.goto('/privacy');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Email or Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByTestId('header-username')).toHaveText(user.username);
  });

  test('a 401 is refreshed once and the request retried', async ({ page }) => {
    const user = await registerUser('refresh');
    await signInWithTokens(page, {
      token: user.token.replace(/.{6}$/, 'AAAAAA'),
      refreshToken: user.refreshToken,
    });
    const refreshes: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refresh')) refreshes.push(r.url());
    });
    await page.goto('/terms');
    // /auth/me answered 401, the refresh succeeded and the profile arrived on the retry.
    await expect(page.getByTestId('header-username')).toHaveText(user.username);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('refreshToken')))
      .not.toBe(user.refreshToken);
    expect(refreshes).toHaveLength(1);
    await expect(page).toHaveURL(/\/terms$/);
  });
});

test.describe('sign out', () => {
  test('clears the tokens, revokes the session and shows Sign in', async ({ page }) => {
    const user = await registerUser('signout');
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await openUserMenu(page);
    await page.getByTestId('menu-signout').click();
    await expect(page.getByTestId('nav-signin')).toBeVisible();
    await expect(page.getByTestId('nav-signup')).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('token'),
        localStorage.getItem('refreshToken'),
      ]),
    ).toEqual([null, null]);
    // The refresh token family was revoked on the server.
    await expect
      .poll(
        async () =>
          (await api('POST', '/auth/refresh', { refreshToken: user.refreshToken })).status,
      )
      .toBe(401);
  });

  test('signing out in one tab signs out the others', async ({ context }) => {
    const user = await registerUser('tabs');
    const first = await context.newPage();
    await signInWithTokens(first, user);
    await first.goto('/terms');
    await expect(first.getByTestId('header-username')).toHaveText(user.username);
    const second = await context.newPage();
    await second.goto('/privacy');
    await expect(second.getByTestId('header-username')).toHaveText(user.username);

    await openUserMenu(first);
    await first.getByTestId('menu-signout').click();
    await expect(first.getByTestId('nav-signin')).toBeVisible();
    // The other tab follows through the storage event, without a reload.
    await expect(second.getByTestId('nav-signin')).toBeVisible();
    await expect(second.getByTestId('user-menu-trigger')).toHaveCount(0);
    await expect(second).toHaveURL(/\/privacy$/);
  });

  test('signing in in one tab signs in the others', async ({ context }) => {
    const user = await registerUser('tabsin');
    const first = await context.newPage();
    await first.goto('/terms');
    const second = await context.newPage();
    await second.goto('/login');
    await second.getByLabel('Email or Username').fill(user.username);
    await second.getByLabel('Password', { exact: true }).fill(user.password);
    await second.getByTestId('login-submit').click();
    await expect(second.getByTestId('header-username')).toHaveText(user.username);
    await expect(first.getByTestId('header-username')).toHaveText(user.username);
  });
});
