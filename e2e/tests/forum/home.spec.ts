import { expect, test } from '../../fixtures.js';
import {
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

const END = "You've seen all posts! Check back later for more content.";

test.describe('home, signed out', () => {
  test('hero, three features, Recent Discussions with Hot/New/Top and Sign Up Now', async ({
    page,
  }) => {
    const author = await createUser('home');
    const community = await createCommunity(author);
    const post = await createPost(author, community, { title: `Recent <b>bold</b> ${Date.now()}` });
    await page.goto('/');
    const hero = page.getByTestId('home-hero');
    await expect(hero.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(hero.getByRole('link', { name: 'Browse Communities' })).toHaveAttribute(
      'href',
      '/communities',
    );
    await expect(hero.getByRole('link', { name: 'Join the Discussion' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(page.getByTestId('home-feature')).toHaveCount(3);
    const recent = page.getByTestId('recent-discussions');
    await expect(recent.getByRole('heading', { name: 'Recent Discussions' })).toBeVisible();
    // Default sort new; markup is stripped by the server and the title is shown as text.
    await expect(page.getByTestId('sort-new')).toHaveAttribute('aria-pressed', 'true');
    const title = post.title.replace(/<[^>]+>/g, '');
    await expect(recent.getByTestId('post-title').filter({ hasText: title })).toBeVisible();
    await expect(page.getByTestId('signup-now')).toHaveText('Sign Up Now');
    await expect(page.getByTestId('signup-now')).toHaveAttribute('href', '/register');
    // The switch changes and is remembered.
    await page.getByTestId('sort-top').click();
    await expect(page.getByTestId('sort-top')).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('sort-top')).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('forum.homeSort'))).toBe('top');
    await expectAccessible(page);
  });

  test('the list while it loads: a named status, axe clean', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/posts?*', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/');
    await expect(page.getByTestId('posts-loading')).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading posts' })).toBeVisible();
    await expectAccessible(page);
    release();
    await expect(page.getByTestId('post-list')).toBeVisible();
  });

  test('Failed to load posts with Try Again', async ({ page }) => {
    let fail = true;
    await page.route('**/api/posts?*', (route) =>
      fail ? route.fulfill({ status: 500, body: '{"error":"boom"}' }) : route.continue(),
    );
    await page.goto('/');
    await expect(page.getByTestId('posts-error')).toContainText('Failed to load posts');
    fail = false;
    await page.getByTestId('posts-error').getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('post-list')).toBeVisible();
  });
});

test.describe('home, signed in: Your Feed', () => {
  let reader: TestUser;
  let author: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    author = await createUser('feedauthor');
    reader = await createUser('feedreader');
    community = await createCommunity(author);
  });

  test('Join some communities! when none are joined', async ({ page }) => {
    const lonely = await createUser('lonely');
    await signInAs(page, lonely);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Your Feed' })).toBeVisible();
    await expect(page.getByTestId('feed-empty-join')).toContainText('Join some communities!');
  });

  test('No posts yet when the joined communities are empty', async ({ page }) => {
    const user = await createUser('quiet');
    const empty = await createCommunity(author);
    await join(user, empty);
    await signInAs(page, user);
    await page.goto('/');
    await expect(page.getByTestId('posts-empty')).toContainText('No posts yet');
  });

  test('pages of 10, Load More Posts, infinite scroll and the end text with the count', async ({
    page,
  }) => {
    await join(reader, community);
    for (let i = 0; i < 23; i++)
      await createPost(author, community, { title: `Feed post ${i + 1}` });
    await signInAs(page, reader);
    await page.goto('/');
    const list = page.getByTestId('feed-list');
    await expect(list.getByTestId('post-card')).toHaveCount(10);
    await expect(page.getByTestId('sort-new')).toHaveAttribute('aria-pressed', 'true');
    // Newest first.
    await expect(list.getByTestId('post-title').first()).toHaveText('Feed post 23');
    await page.getByTestId('load-more-posts').click();
    await expect(list.getByTestId('post-card')).toHaveCount(20);
    // Infinite scroll: bring the bottom into view.
    await page.getByTestId('load-more-posts').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 4000);
    await expect(list.getByTestId('post-card')).toHaveCount(23);
    await expect(page.getByTestId('feed-end')).toContainText(END);
    await expect(page.getByTestId('feed-count')).toHaveText('23 posts');
    await expectAccessible(page);
  });

  test('Failed to load your feed with Try Again', async ({ page }) => {
    let fail = true;
    await page.route('**/api/posts?*feed=joined*', (route) =>
      fail ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await signInAs(page, reader);
    await page.goto('/');
    await expect(page.getByTestId('posts-error')).toContainText('Failed to load your feed');
    fail = false;
    await page.getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('feed-list')).toBeVisible();
  });
});
