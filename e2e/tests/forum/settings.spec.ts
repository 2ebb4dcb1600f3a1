import { expect, test } from '../../fixtures.js';
import { createCommunity, createUser, expectAccessible, pngBytes, signInAs } from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

test.describe('community settings', () => {
  let creator: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    creator = await createUser('screator');
    community = await createCommunity(creator, { description: 'Original description here.' });
  });

  test('visitors go to /login; other users get the permission text', async ({ page }) => {
    await page.goto(`/c/${community.name}/settings`);
    await expect(page).toHaveURL(/\/login$/);
    const other = await createUser('sother');
    await signInAs(page, other);
    await page.goto(`/c/${community.name}/settings`);
    await expect(page.getByTestId('settings-forbidden')).toContainText(
      'You do not have permission to edit this community',
    );
  });

  test('Community Information: name read-only, description and rules saved; Back', async ({
    page,
  }) => {
    await signInAs(page, creator);
    await page.goto(`/c/${community.name}/settings`);
    await expect(page.getByRole('heading', { name: 'Community Information' })).toBeVisible();
    await expect(page.getByTestId('settings-name')).toHaveValue(community.name);
    await expect(page.getByTestId('settings-name')).toHaveAttribute('readonly', '');
    await page.getByTestId('settings-description').fill('An updated description for the test.');
    await page.getByTestId('settings-rules').fill('New rules apply.');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-message')).toHaveText('Community updated successfully');
    await expectAccessible(page);
    await page.getByTestId('settings-back').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    await expect(page.getByTestId('community-description')).toHaveText(
      'An updated description for the test.',
    );
  });

  test('logo: type and size checks, upload and remove', async ({ page }) => {
    await signInAs(page, creator);
    await page.goto(`/c/${community.name}/settings`);
    const input = page.getByTestId('logo-input');
    await input.setInputFiles({
      name: 'x.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(page.getByTestId('logo-input-error')).toHaveText(
      'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
    );
    await input.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(2 * 1024 * 1024 + 10),
    });
    await expect(page.getByTestId('logo-input-error')).toHaveText(
      'File size too large. Maximum size is 2MB.',
    );
    await input.setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngBytes()),
    });
    await expect(page.getByTestId('settings-logo').getByTestId('community-logo')).toBeVisible();
    await page.getByTestId('logo-remove').click();
    await expect(
      page.getByTestId('settings-logo').getByTestId('community-logo-initial'),
    ).toBeVisible();
  });

  test('Danger Zone: confirm only on the exact phrase, then deleted', async ({ page }) => {
    const doomed = await createCommunity(creator);
    await signInAs(page, creator);
    await page.goto(`/c/${doomed.name}/settings`);
    await page.getByTestId('delete-community').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('delete-confirm')).toBeDisabled();
    await page.getByTestId('delete-confirm-input').fill(`delete ${doomed.name}`);
    await expect(page.getByTestId('delete-confirm')).toBeDisabled();
    await page.getByTestId('delete-confirm-input').press('Enter');
    await expect(page.getByTestId('delete-confirm-input-error')).toHaveText(
      `Please type "delete c/${doomed.name}" to confirm deletion`,
    );
    await expectAccessible(page);
    await page.getByTestId('delete-cancel').click();
    await expect(dialog).toHaveCount(0);
    await page.getByTestId('delete-community').click();
    await page.getByTestId('delete-confirm-input').fill(`delete c/${doomed.name}`);
    await expect(page.getByTestId('delete-confirm')).toBeEnabled();
    await page.getByTestId('delete-confirm').click();
    await expect(page).toHaveURL(/\/communities$/);
    await page.goto(`/c/${doomed.name}`);
    await expect(page.getByTestId('community-not-found')).toBeVisible();
  });
});
