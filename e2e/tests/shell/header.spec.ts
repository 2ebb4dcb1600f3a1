import { expect, test } from '../../fixtures.js';
import { adminUser, openUserMenu, registerUser, signInWithTokens } from './helpers.js';

const DARK_BG = 'rgb(14, 17, 19)';
const LIGHT_BG = 'rgb(246, 247, 248)';

test.describe('header', () => {
  test('signed out: logo, Home, Communities, theme toggle, Sign in and Sign up', async ({
    page,
  }) => {
    await page.goto('/terms');
    await expect(page.getByTestId('header-logo')).toHaveAttribute('href', '/');
    await expect(page.getByTestId('nav-home')).toHaveText('Home');
    await expect(page.getByTestId('nav-communities')).toHaveText('Communities');
    await expect(page.getByTestId('theme-toggle')).toBeVisible();
    await expect(page.getByTestId('nav-signin')).toHaveAttribute('href', '/login');
    await expect(page.getByTestId('nav-signup')).toHaveAttribute('href', '/register');
    await expect(page.getByTestId('header-invite')).toHaveCount(0);
    await expect(page.getByTestId('notifications-bell')).toHaveCount(0);
  });

  test('signed in: Invite, bell and the user menu entries', async ({ page }) => {
    const user = await registerUser('menu');
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await expect(page.getByTestId('header-invite')).toBeVisible();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expect(page.getByTestId('nav-signin')).toHaveCount(0);
    await openUserMenu(page);
    await expect(page.getByTestId('menu-profile')).toHaveAttribute('href', `/u/${user.username}`);
    await expect(page.getByTestId('menu-saved')).toHaveAttribute('href', '/saved');
    await expect(page.getByTestId('menu-inbox')).toHaveAttribute('href', '/inbox');
    await expect(page.getByTestId('menu-invite')).toHaveText('Invite Friends');
    await expect(page.getByTestId('menu-signout')).toHaveText('Sign out');
    await expect(page.getByTestId('menu-admin')).toHaveCount(0);
    // Keyboard: arrows move through the items, Escape closes and focus returns to the trigger.
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('menu-profile')).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('menu-saved')).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await expect(page.getByTestId('user-menu-trigger')).toBeFocused();
    // Enter opens it again and activates an entry.
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.getByTestId('menu-saved').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/saved$/);
  });

  test('Admin Panel only for the admin user', async ({ page }) => {
    const admin = await adminUser();
    await signInWithTokens(page, admin);
    await page.goto('/terms');
    await openUserMenu(page);
    await expect(page.getByTestId('menu-admin')).toHaveText('Admin Panel');
    await expect(page.getByTestId('menu-admin')).toHaveAttribute('href', '/admin');
  });

  test('unread badges show the count, and 99+ above 99', async ({ page }) => {
    const user = await registerUser('badges');
    let notifications = 7;
    let messages = 3;
    await page.route('**/api/notifications/unread-count', (route) =>
      route.fulfill({ json: { unreadCount: notifications } }),
    );
    await page.route('**/api/messages/unread-count', (route) =>
      route.fulfill({ json: { unreadCount: messages } }),
    );
    // The counts come from these answers: no live stream, which would push the real ones.
    await page.route('**/api/stream', (route) => route.abort());
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await expect(page.getByTestId('notifications-badge')).toHaveText('7');
    await expect(page.getByTestId('notifications-bell')).toHaveAccessibleName(
      'Notifications, 7 unread',
    );
    await openUserMenu(page);
    await expect(page.getByTestId('inbox-unread-badge')).toHaveText('3');
    await page.keyboard.press('Escape');

    notifications = 100;
    messages = 250;
    await page.reload();
    await expect(page.getByTestId('notifications-badge')).toHaveText('99+');
    await openUserMenu(page);
    await expect(page.getByTestId('inbox-unread-badge')).toHaveText('99+');
    await page.keyboard.press('Escape');

    notifications = 0;
    messages = 0;
    await page.reload();
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).toHaveCount(0);
  });

  test('unread counts poll every 30 s, pause while hidden, refresh on return', async ({ page }) => {
    const user = await registerUser('poll');
    await page.clock.install();
    const counts = { notifications: 0, messages: 0 };
    await page.route('**/api/notifications/unread-count', (route) => {
      counts.notifications++;
      return route.fulfill({ json: { unreadCount: counts.notifications } });
    });
    await page.route('**/api/messages/unread-count', (route) => {
      counts.messages++;
      return route.fulfill({ json: { unreadCount: 0 } });
    });
    // Polling is the fallback while the live stream is down (EXTENSIONS §L).
    await page.route('**/api/stream', (route) => route.abort());
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await expect(page.getByTestId('notifications-badge')).toHaveText('1');
    expect(counts).toEqual({ notifications: 1, messages: 1 });

    await page.clock.runFor(29_000);
    expect(counts.notifications).toBe(1);
    await page.clock.runFor(1_500);
    await expect(page.getByTestId('notifications-badge')).toHaveText('2');
    await expect.poll(() => counts.messages).toBe(2);

    // Hidden tab: no polling.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await page.clock.runFor(95_000);
    expect(counts.notifications).toBe(2);

    // Back: refreshed at once.
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await expect(page.getByTestId('notifications-badge')).toHaveText('3');
  });
});

test.describe('theme', () => {
  test('cycles light, dark, system and is remembered', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/terms');
    const toggle = page.getByTestId('theme-toggle');
    await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await toggle.click();
    await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);

    await page.reload();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute('data-theme-preference', 'dark');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

    await page.getByTestId('theme-toggle').click();
    await expect(page.getByTestId('theme-toggle')).toHaveAttribute(
      'data-theme-preference',
      'system',
    );
    await expect(page.locator('html')).not.toHaveAttribute('data-theme', /.*/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBeNull();
    await expect(page.locator('body')).toHaveCSS('background-color', LIGHT_BG);
    // System follows the OS preference.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);
  });

  test('no flash: the stored theme applies before the app script runs', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    // Hold the app's entry script: what the user sees meanwhile is the first paint.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\/static\/js\/index\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The entry script is deferred: the document is parsed (and painted) while it is held.
    await page.goto('/terms', { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState === 'interactive');
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => document.readyState)).toBe('interactive');
    expect(await page.getByTestId('app-header').count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-theme'))).toBe(
      'dark',
    );
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor),
    ).toBe(DARK_BG);
    release();
    await expect(page.getByTestId('app-header')).toBeVisible();
    await expect(page.locator('body')).toHaveCSS('background-color', DARK_BG);
  });
});

test.describe('phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the nav collapses into a menu', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByTestId('nav-home')).toBeHidden();
    await expect(page.getByTestId('nav-signin')).toBeHidden();
    const toggle = page.getByTestId('nav-menu-toggle');
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByTestId('mobile-nav')).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByTestId('mobile-nav-home')).toBeVisible();
    await expect(page.getByTestId('mobile-nav-communities')).toBeVisible();
    await expect(page.getByTestId('mobile-nav-signin')).toBeVisible();
    await page.getByTestId('mobile-nav-signup').click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByTestId('mobile-nav')).toBeHidden();
    // Escape closes it too.
    await toggle.click();
    await expect(page.getByTestId('mobile-nav')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('mobile-nav')).toBeHidden();
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('signed in: bell and user menu fit and work', async ({ page }) => {
    const user = await registerUser('phone');
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expect(page.getByTestId('header-invite')).toBeHidden();
    await openUserMenu(page);
    await expect(page.getByTestId('menu-invite')).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-bell').click();
    const dropdown = page.getByTestId('notifications-dropdown');
    await expect(dropdown).toBeVisible();
    const box = await dropdown.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await page.keyboard.press('Escape');
    await page.getByTestId('nav-menu-toggle').click();
    await expect(page.getByTestId('mobile-nav-invite')).toBeVisible();
    await expect(page.getByTestId('mobile-nav-signin')).toHaveCount(0);
  });
});
