import { expect, test } from '../../fixtures.js';
import {
  createCommunity,
  createImagePost,
  createPost,
  createUser,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

test.describe('post card', () => {
  let author: TestUser;
  let reader: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    author = await createUser('cardauthor');
    reader = await createUser('cardreader');
    community = await createCommunity(author);
    await join(reader, community);
  });

  test('relative times keep moving on a page left open', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Ticking' });
    await page.clock.install();
    await page.goto(`/c/${community.name}`);
    const time = page.locator(`[data-post-id="${post.id}"]`).getByTestId('post-time');
    await expect(time).toHaveText(/^\d+s ago$/);
    await page.clock.fastForward('05:00');
    await expect(time).toHaveText(/^[56]m ago$/);
  });

  test('votes, author, community, type icon, comment count, preview cut at 200', async ({
    page,
  }) => {
    const long = 'word '.repeat(100);
    const post = await createPost(author, community, { title: 'Card text', content: long });
    await signInAs(page, reader);
    await page.goto(`/c/${community.name}`);
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await expect(card.getByTestId('post-author')).toHaveText(`u/${author.username}`);
    await expect(card.getByTestId('post-type')).toHaveAttribute('data-type', 'text');
    await expect(card.getByRole('img', { name: 'Text post' })).toBeVisible();
    await expect(card.getByTestId('post-comments')).toHaveText('0 comments');
    await expect(card.getByTestId('post-time')).toHaveText(/^\d+[smhd] ago$/);
    const preview = (await card.getByTestId('post-preview').textContent()) ?? '';
    expect(preview.endsWith('…')).toBe(true);
    expect(preview.length).toBeLessThanOrEqual(201);
    await card.getByTestId('post-upvote').click();
    await expect(card.getByTestId('post-score')).toHaveText('1');
    await card.getByTestId('save-button').click();
    await expect(card.getByTestId('save-button')).toHaveText('Saved');
    await card.getByTestId('reaction-toggle').click();
    await expect(card.getByTestId('reaction-picker').getByRole('button')).toHaveCount(5);
    await card.getByTestId('reaction-laugh').click();
    await expect(card.getByTestId('reaction-count-laugh')).toContainText('1');
    await card.getByTestId('reaction-toggle').click();
    await card.getByTestId('reaction-laugh').click();
    await expect(card.getByTestId('reaction-count-laugh')).toHaveCount(0);
  });

  test('Share copies {origin}/post/{id} and shows Link copied! for 2 s', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const post = await createPost(author, community, { title: 'Shareable' });
    await page.goto(`/c/${community.name}`);
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await expect(card.getByTestId('share-button')).toHaveText('Share');
    // Fake, paused clock: the 2 s of "Link copied!" are measured exactly, however slow the
    // machine (a busy page once spent the whole 2 s inside the click action).
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await card.getByTestId('share-button').click();
    await expect(card.getByTestId('share-button')).toHaveText('Link copied!');
    const origin = new URL(page.url()).origin;
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      `${origin}/post/${post.id}`,
    );
    await page.clock.runFor(1_900);
    await expect(card.getByTestId('share-button')).toHaveText('Link copied!');
    await page.clock.runFor(200);
    await expect(card.getByTestId('share-button')).toHaveText('Share');
    await page.clock.resume();
  });

  test('image card: thumbnail, lightbox; visitors get sign-in texts', async ({ page }) => {
    const post = await createImagePost(author, community, 'Card image');
    await page.goto(`/c/${community.name}`);
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await expect(card.getByRole('img', { name: 'Image post' })).toBeVisible();
    const thumb = card.getByTestId('post-thumbnail').locator('img');
    await expect(thumb).toHaveAttribute('src', /^\/media\//);
    await card.getByTestId('post-thumbnail').click();
    await expect(page.getByTestId('image-viewer')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('image-viewer')).toHaveCount(0);
    await card.getByTestId('post-upvote').click();
    await expect(page.getByTestId('toast')).toHaveText('Please sign in to vote');
    await card.getByTestId('save-button').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Please sign in to save posts');
    await card.getByTestId('reaction-toggle').click();
    await card.getByTestId('reaction-sad').click();
    await expect(page.getByTestId('toast').last()).toHaveText('Please sign in to react');
  });

  test('the community link goes to c/{name}', async ({ page }) => {
    const post = await createPost(author, community, { title: 'Linked card' });
    await page.goto('/');
    const card = page.locator(`[data-post-id="${post.id}"]`);
    await expect(card.getByTestId('post-community')).toHaveText(`c/${community.name}`);
    await card.getByTestId('post-community').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
  });
});
