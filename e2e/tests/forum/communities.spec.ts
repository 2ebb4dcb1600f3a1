import { expect, test } from '../../fixtures.js';
import { createCommunity, createUser, expectAccessible, signInAs, uid } from './helpers.js';
import type { TestUser } from './helpers.js';

test.describe('communities list', () => {
  let owner: TestUser;
  let nsfwName: string;
  let plainName: string;

  test.beforeAll(async () => {
    owner = await createUser('lister');
    // More than one page of 20 in total, whatever else exists.
    for (let i = 0; i < 21; i++) await createCommunity(owner);
    nsfwName = (await createCommunity(owner, { nsfw: true })).name;
    plainName = (await createCommunity(owner)).name;
  });

  test('visitors see All Communities with NSFW badges and Load More Communities', async ({
    page,
  }) => {
    await page.goto('/communities');
    await expect(page.getByRole('heading', { name: 'All Communities' })).toBeVisible();
    const cards = page.getByTestId('community-card');
    await expect(cards).toHaveCount(20);
    await expect(page.getByTestId('join-toggle')).toHaveCount(0);
    await expect(page.getByTestId('create-community-link')).toHaveText('Create Community');
    await page.getByTestId('load-more-communities').click();
    await expect.poll(() => cards.count()).toBeGreaterThan(20);
    while (await page.getByTestId('load-more-communities').isVisible()) {
      const shown = await cards.count();
      await page.getByTestId('load-more-communities').click();
      await expect.poll(() => cards.count()).toBeGreaterThan(shown);
    }
    await expect(page.locator(`[data-name="${nsfwName}"]`).getByTestId('nsfw-badge')).toHaveText(
      'NSFW',
    );
    await expect(page.locator(`[data-name="${plainName}"]`).getByTestId('nsfw-badge')).toHaveCount(
      0,
    );
    await expectAccessible(page);
  });

  test('signed in: Your Communities, Discover, Join/Joined toggle and Create Community', async ({
    page,
  }) => {
    const user = await createUser('joiner');
    const target = await createCommunity(owner, { name: `a_${uid()}` });
    await signInAs(page, user);
    await page.goto('/communities');
    await expect(page.getByRole('heading', { name: 'Your Communities' })).toBeVisible();
    await expect(page.getByTestId('my-communities-empty')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Discover' })).toBeVisible();
    await expect(page.getByTestId('create-community-link')).toHaveAttribute(
      'href',
      '/create-community',
    );
    // Find the card (load pages until it shows).
    const card = page.getByTestId('all-communities').locator(`[data-name="${target.name}"]`);
    while (!(await card.isVisible())) await page.getByTestId('load-more-communities').click();
    // The visible word leads the accessible name (WCAG 2.5.3, label in name).
    await expect(card.getByTestId('join-toggle')).toHaveAccessibleName(`Join c/${target.name}`);
    await card.getByTestId('join-toggle').click();
    const mine = page.getByTestId('my-communities').locator(`[data-name="${target.name}"]`);
    await expect(mine.getByTestId('join-toggle')).toHaveText('Joined');
    await expect(mine.getByTestId('join-toggle')).toHaveAttribute('aria-pressed', 'true');
    await expect(mine.getByTestId('join-toggle')).toHaveAccessibleName(`Joined c/${target.name}`);
    await expect(mine.getByTestId('community-members')).toHaveText('2 members');
    await mine.getByTestId('join-toggle').click();
    await expect(page.getByTestId('my-communities-empty')).toBeVisible();
  });
});

test.describe('create community', () => {
  test('visitors are sent to /login', async ({ page }) => {
    await page.goto('/create-community');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the §5 rules and texts, Cancel, success to /c/{name} (also at /communities/create)', async ({
    page,
  }) => {
    const user = await createUser('creator');
    await signInAs(page, user);
    await page.goto('/communities/create');
    await expect(page.getByRole('heading', { name: 'Create a Community' })).toBeVisible();
    await expect(page.getByTestId('community-nsfw')).not.toBeChecked();
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('community-name-error')).toHaveText(
      'Community name must be at least 3 characters long',
    );
    await expect(page.getByTestId('community-description-error')).toHaveText(
      'Description must be at least 10 characters long',
    );
    await expect(page.getByTestId('community-rules-error')).toHaveText(
      'Community rules must be at least 5 characters long',
    );
    await page.getByTestId('community-name').fill('bad name!');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('community-name-error')).toHaveText(
      'Community name can only contain letters, numbers and underscores',
    );
    await expectAccessible(page);
    await page.getByTestId('cancel-button').click();
    await expect(page).toHaveURL(/\/communities$/);

    await page.goto('/create-community');
    const name = `new_${uid()}`;
    await page.getByTestId('community-name').fill(name);
    await page.getByTestId('community-description').fill('A brand new community for testing.');
    await page.getByTestId('community-rules').fill('Be nice.');
    await page.getByTestId('community-nsfw').check();
    await page.getByTestId('submit-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${name}$`));
    await expect(page.getByTestId('community-name')).toContainText(`c/${name}`);
    await expect(page.getByTestId('nsfw-badge')).toBeVisible();

    // A taken name shows the server's text.
    await page.goto('/create-community');
    await page.getByTestId('community-name').fill(name);
    await page.getByTestId('community-description').fill('A brand new community for testing.');
    await page.getByTestId('community-rules').fill('Be nice.');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('form-error')).toHaveText('Community name is already taken');
  });
});
