import { expect, test } from '../../fixtures.js';
import { api, openUserMenu, registerUser, signInWithTokens } from './helpers.js';

test.describe('invite modal', () => {
  test('link, Copy with "Link copied!" for 2 s, friends joined and more needed', async ({
    page,
    context,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const user = await registerUser('inviter');
    const code = (
      await api<{ referral_code: string }>('GET', '/auth/referral-code', undefined, user.token)
    ).json.referral_code;
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await page.getByTestId('header-invite').click();
    const modal = page.getByTestId('invite-modal');
    await expect(modal).toBeVisible();
    await expect(modal.getByRole('heading', { name: 'Invite Friends' })).toBeVisible();
    const origin = new URL(baseURL!).origin;
    await expect(page.getByTestId('invite-link')).toHaveValue(`${origin}/register#${code}`);
    await expect(page.getByTestId('invite-friends-joined')).toHaveText('0');
    await expect(page.getByTestId('invite-stats')).toContainText('0 friends joined');
    await expect(page.getByTestId('invite-more-needed')).toHaveText(
      '3 more friends needed for the Community Builder badge',
    );
    // Headless Chromium on Linux has no navigator.share: the button is hidden.
    await expect(page.getByTestId('invite-share')).toHaveCount(0);

    // Fake, paused clock: the 2 s of "Link copied!" are measured exactly.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByTestId('invite-copy').click();
    await expect(page.getByTestId('invite-copy')).toHaveText('Link copied!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/register#${code}`,
    );
    await page.clock.runFor(1_900);
    await expect(page.getByTestId('invite-copy')).toHaveText('Link copied!');
    await page.clock.runFor(200);
    await expect(page.getByTestId('invite-copy')).toHaveText('Copy');

    // Escape closes it and focus returns to the Invite button.
    await page.clock.resume();
    await page.keyboard.press('Escape');
    await expect(modal).toHaveCount(0);
    await expect(page.getByTestId('header-invite')).toBeFocused();

    // Two friends join with the code: the counts follow.
    for (let i = 0; i < 2; i++) await registerUser('friend', { referral_code: code });
    await openUserMenu(page);
    await page.getByTestId('menu-invite').click();
    await expect(modal).toBeVisible();
    await expect(page.getByTestId('invite-friends-joined')).toHaveText('2');
    await expect(page.getByTestId('invite-more-needed')).toHaveText(
      '1 more friend needed for the Community Builder badge',
    );
    await page.getByTestId('invite-close').click();
    await expect(modal).toHaveCount(0);

    await registerUser('friend', { referral_code: code });
    await page.getByTestId('header-invite').click();
    await expect(page.getByTestId('invite-friends-joined')).toHaveText('3');
    await expect(page.getByTestId('invite-more-needed')).toHaveText(
      'You earned the Community Builder badge!',
    );
  });

  test('Share Link uses navigator.share where available', async ({ page }) => {
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { __shares: unknown[] }).__shares = calls;
      Object.defineProperty(navigator, 'share', {
        configurable: true,
        value: async (data: unknown) => {
          calls.push(data);
        },
      });
    });
    const user = await registerUser('sharer');
    await signInWithTokens(page, user);
    await page.goto('/terms');
    await page.getByTestId('header-invite').click();
    await expect(page.getByTestId('invite-link')).toHaveValue(/\/register#[A-Z0-9]{8}$/);
    const link = await page.getByTestId('invite-link').inputValue();
    await page.getByTestId('invite-share').click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { __shares: unknown[] }).__shares))
      .toEqual([expect.objectContaining({ url: link })]);
  });
});
