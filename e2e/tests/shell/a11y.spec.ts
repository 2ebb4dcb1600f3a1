import { expect, test } from '../../fixtures.js';
import {
  expectNoSeriousA11yViolations,
  openUserMenu,
  registerUser,
  signInWithTokens,
} from './helpers.js';

test.describe('accessibility (axe: no serious or critical violations)', () => {
  const pages: Array<[string, string]> = [
    ['/login', 'page-login'],
    ['/register', 'page-register'],
    ['/register#ABCD1234', 'referral-banner'],
    ['/forgot-password', 'page-forgot-password'],
    ['/forgot-password#token=abc', 'reset-password'],
    ['/terms', 'page-terms'],
    ['/privacy', 'page-privacy'],
    ['/no/such/page', 'not-found'],
  ];
  for (const [path, testId] of pages) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${path} (${scheme})`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.getByTestId(testId)).toBeVisible();
        await expectNoSeriousA11yViolations(page, `${path} ${scheme}`);
      });
    }
  }

  test('form errors', async ({ page }) => {
    await page.goto('/register');
    await page.getByTestId('register-submit').click();
    await expect(page.getByTestId('register-username-error')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'register with errors');
    await page.goto('/login');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-email-error')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'login with errors');
  });

  test('signed-in header, user menu, notifications and invite modal', async ({ page }) => {
    const user = await registerUser('axe');
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await expect(page.getByTestId('notifications-bell')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'signed-in header');
    await openUserMenu(page);
    await expectNoSeriousA11yViolations(page, 'user menu');
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-bell').click();
    await expect(page.getByTestId('notifications-list')).toBeVisible();
    await expect(page.getByTestId('notifications-loading')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, 'notifications dropdown');
    await page.keyboard.press('Escape');
    await page.getByTestId('header-invite').click();
    await expect(page.getByTestId('invite-link')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'invite modal');
  });

  test('phone header with the menu open', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/terms');
    await page.getByTestId('nav-menu-toggle').click();
    await expect(page.getByTestId('mobile-nav')).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'phone header');
  });

  test('every control is reachable by keyboard with a visible focus', async ({ page }) => {
    await page.goto('/login');
    // The login form is a lazy chunk: Tab before it renders would walk the header and footer only.
    await expect(page.getByTestId('login-submit')).toBeVisible();
    const seen: string[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const info = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        if (!el || el === document.body) return null;
        const style = getComputedStyle(el);
        return {
          id: el.dataset.testid ?? el.textContent?.trim() ?? el.tagName,
          outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
        };
      });
      if (!info) continue;
      expect(info.outline, `focus ring on ${info.id}`).toBe(true);
      seen.push(info.id);
    }
    for (const id of [
      'header-logo',
      'nav-home',
      'nav-communities',
      'theme-toggle',
      'nav-signin',
      'nav-signup',
      'login-email',
      'login-password',
      'login-remember',
      'login-forgot',
      'login-submit',
    ]) {
      expect(seen, `${id} reachable by Tab`).toContain(id);
    }
  });
});
