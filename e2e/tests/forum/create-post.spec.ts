import { expect, test } from '../../fixtures.js';
import { createCommunity, createUser, expectAccessible, pngBytes, signInAs } from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

test.describe('create post', () => {
  let user: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    user = await createUser('poster');
    community = await createCommunity(user);
  });

  test('visitors are sent to /login', async ({ page }) => {
    await page.goto(`/c/${community.name}/create`);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('text post: submit disabled without a title, §5 texts, Cancel and success', async ({
    page,
  }) => {
    await signInAs(page, user);
    await page.goto(`/c/${community.name}/create`);
    await expect(page.getByTestId('type-text')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('submit-button')).toBeDisabled();
    await page.getByTestId('post-title-input').fill('   ');
    await expect(page.getByTestId('submit-button')).toBeDisabled();
    await page.getByTestId('post-title-input').fill('My text post');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('post-content-input-error')).toHaveText(
      'Content is required for text posts',
    );
    await expectAccessible(page);
    await page.getByTestId('cancel-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));

    await page.goto(`/c/${community.name}/create`);
    await page.getByTestId('post-title-input').fill('My text post');
    await page.getByTestId('post-content-input').fill('Hello <b>world</b>');
    await page.getByTestId('submit-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    await expect(page.getByTestId('post-title').filter({ hasText: 'My text post' })).toBeVisible();
    await expect(page.getByTestId('post-preview').first()).toHaveText('Hello world');
  });

  test('link post needs a valid http(s) URL', async ({ page }) => {
    await signInAs(page, user);
    await page.goto(`/c/${community.name}/create`);
    await page.getByTestId('type-link').click();
    await page.getByTestId('post-title-input').fill('A link');
    await page.getByTestId('post-url-input').fill('javascript:alert(1)');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('post-url-input-error')).toHaveText(
      'Please provide a valid URL for link posts',
    );
    await page.getByTestId('post-url-input').fill('https://example.com/page');
    await page.getByTestId('submit-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    const link = page
      .getByTestId('post-card')
      .filter({ hasText: 'A link' })
      .getByTestId('post-link');
    await expect(link).toHaveAttribute('href', 'https://example.com/page');
    await expect(link).toHaveAttribute('rel', /noopener/);
  });

  test('image post: required, type and size checks, preview, upload', async ({ page }) => {
    await signInAs(page, user);
    await page.goto(`/c/${community.name}/create`);
    await page.getByTestId('type-image').click();
    await page.getByTestId('post-title-input').fill('An image');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('post-image-input-error')).toHaveText(
      'Please select an image for image posts',
    );
    const input = page.getByTestId('post-image-input');
    await input.setInputFiles({
      name: 'a.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from('<svg/>'),
    });
    await expect(page.getByTestId('post-image-input-error')).toHaveText(
      'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.',
    );
    await input.setInputFiles({
      name: 'big.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(page.getByTestId('post-image-input-error')).toHaveText(
      'File size too large. Maximum size is 10MB.',
    );
    await expect(page.getByTestId('image-preview')).toHaveCount(0);
    await input.setInputFiles({
      name: 'ok.png',
      mimeType: 'image/png',
      buffer: Buffer.from(pngBytes()),
    });
    await expect(page.getByTestId('image-preview')).toBeVisible();
    await page.getByTestId('post-description-input').fill('A red square');
    await page.getByTestId('submit-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    const card = page.getByTestId('post-card').filter({ hasText: 'An image' });
    await expect(card.getByTestId('post-thumbnail')).toBeVisible();
    await expect(card.getByTestId('post-type')).toHaveAttribute('data-type', 'image');
  });

  test('a non-member sees the server text', async ({ page }) => {
    const other = await createUser('nonmember');
    await signInAs(page, other);
    await page.goto(`/c/${community.name}/create`);
    await page.getByTestId('post-title-input').fill('Not allowed');
    await page.getByTestId('post-content-input').fill('text');
    await page.getByTestId('submit-button').click();
    await expect(page.getByTestId('form-error')).toHaveText(
      'You must be a member of this community to post',
    );
  });
});
