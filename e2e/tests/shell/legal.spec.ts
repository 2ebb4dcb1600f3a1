import { expect, test } from '../../fixtures.js';

test.describe('legal pages and not found', () => {
  test('/terms: effective date, 18+, Wyoming law', async ({ page }) => {
    await page.goto('/terms');
    const terms = page.getByTestId('page-terms');
    await expect(terms.getByRole('heading', { level: 1 })).toHaveText('Terms of Service');
    await expect(page.getByTestId('legal-effective')).toHaveText('Effective date: May 20, 2025');
    await expect(page.getByTestId('terms-age')).toContainText('at least 18 years old');
    await expect(page.getByTestId('terms-law')).toContainText('Wyoming, United States');
    await expect(page).toHaveTitle(/Terms of Service/);
  });

  test('/privacy: the data it lists and how it is kept', async ({ page }) => {
    await page.goto('/privacy');
    const privacy = page.getByTestId('page-privacy');
    await expect(privacy.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
    await expect(page.getByTestId('legal-effective')).toHaveText('Effective date: May 20, 2025');
    const account = page.getByTestId('privacy-account');
    for (const item of ['Username', 'Email address', 'Password']) {
      await expect(account).toContainText(item);
    }
    await expect(account).toContainText('bcrypt using 12 rounds');
    const reputation = page.getByTestId('privacy-reputation');
    for (const item of ['reputation scores', 'helpful', 'constructive', 'knowledgeable']) {
      await expect(reputation).toContainText(item);
    }
    const activity = page.getByTestId('privacy-activity');
    for (const item of ['Posts', 'comments', 'Votes', 'save', 'memberships']) {
      await expect(activity).toContainText(item);
    }
    const moderation = page.getByTestId('privacy-moderation');
    await expect(moderation).toContainText('moderation actions');
    await expect(moderation).toContainText('appeals');
    await expect(page.getByTestId('privacy-rate-limit')).toContainText('about 15 minutes');
    const storage = page.getByTestId('privacy-storage');
    await expect(storage).toContainText('does not use cookies');
    await expect(storage).toContainText('local storage');
    await expect(storage).toContainText('theme');
    await expect(storage).toContainText('sorting');
    await expect(page.getByTestId('privacy-images')).toContainText('third-party image host');
  });

  test('the footer links to both', async ({ page }) => {
    await page.goto('/terms');
    await page.getByTestId('footer-privacy').click();
    await expect(page.getByTestId('page-privacy')).toBeVisible();
    await page.getByTestId('footer-terms').click();
    await expect(page.getByTestId('page-terms')).toBeVisible();
  });

  test('an unknown route shows the not-found page', async ({ page }) => {
    const response = await page.goto('/definitely/not/a/page');
    expect(response?.status()).toBe(200);
    await expect(page.getByTestId('not-found')).toContainText('Page not found');
    await expect(page.getByTestId('not-found')).toContainText('/definitely/not/a/page');
    await expect(page.getByTestId('app-header')).toBeVisible();
    await page.getByTestId('not-found-home').click();
    await expect(page).toHaveURL(/\/$/);
  });
});
