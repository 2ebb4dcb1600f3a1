import { expect, test } from '../../fixtures.js';
import {
  apiOk,
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

test.describe('community page', () => {
  let creator: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    creator = await createUser('ccreator');
    member = await createUser('cmember');
    outsider = await createUser('coutsider');
    community = await createCommunity(creator, {
      description: 'About <i>gardening</i> and more.',
      rules: '1. Be kind\n2. No spam',
    });
    await join(member, community);
    await createPost(creator, community, { title: 'Low post' });
    const top = await createPost(member, community, { title: 'Top post' });
    await apiOk('POST', `/posts/${top.id}/vote`, { token: outsider.token, body: { vote_type: 1 } });
    await apiOk('POST', `/posts/${top.id}/vote`, { token: creator.token, body: { vote_type: 1 } });
    await createPost(creator, community, { title: 'Newest post' });
  });

  test('header, rules toggle, sort tabs (default hot, remembered) for visitors', async ({
    page,
  }) => {
    await page.goto(`/c/${community.name}`);
    const header = page.getByTestId('community-header');
    await expect(header.getByRole('heading', { level: 1 })).toHaveText(`c/${community.name}`);
    await expect(page.getByTestId('community-description')).toHaveText('About gardening and more.');
    await expect(page.getByTestId('community-members')).toHaveText('2 members');
    await expect(page.getByTestId('community-created')).toContainText('Created ');
    await expect(page.getByTestId('community-creator')).toContainText(`u/${creator.username}`);
    await expect(page.getByTestId('community-logo-initial')).toBeVisible();
    await expect(page.getByTestId('membership-button')).toHaveCount(0);
    await expect(page.getByTestId('create-post-link')).toHaveCount(0);
    await expect(page.getByTestId('settings-link')).toHaveCount(0);
    await page.getByTestId('rules-toggle').click();
    await expect(page.getByTestId('community-rules')).toContainText('2. No spam');
    await expect(page.getByTestId('rules-toggle')).toHaveText('Hide Rules');
    await page.getByTestId('rules-toggle').click();
    await expect(page.getByTestId('community-rules')).toHaveCount(0);
    await expect(page.getByTestId('rules-toggle')).toHaveText('View Rules');

    await expect(page.getByTestId('sort-hot')).toHaveAttribute('aria-pressed', 'true');
    await page.getByTestId('sort-top').click();
    await expect(page.getByTestId('post-title').first()).toHaveText('Top post');
    await page.getByTestId('sort-new').click();
    await expect(page.getByTestId('post-title').first()).toHaveText('Newest post');
    await page.reload();
    await expect(page.getByTestId('sort-new')).toHaveAttribute('aria-pressed', 'true');
    expect(await page.evaluate(() => localStorage.getItem('forum.communitySort'))).toBe('new');
    await expectAccessible(page);
  });

  test('creator: Settings and Create Post, no Join/Leave', async ({ page }) => {
    await signInAs(page, creator);
    await page.goto(`/c/${community.name}`);
    await expect(page.getByTestId('settings-link')).toHaveAttribute(
      'href',
      `/c/${community.name}/settings`,
    );
    await expect(page.getByTestId('create-post-link')).toHaveAttribute(
      'href',
      `/c/${community.name}/create`,
    );
    await expect(page.getByTestId('membership-button')).toHaveCount(0);
  });

  test('non-member joins (count +1) and leaves (-1); Create Post only for members', async ({
    page,
  }) => {
    await signInAs(page, outsider);
    await page.goto(`/c/${community.name}`);
    await expect(page.getByTestId('membership-button')).toHaveText('Join');
    await expect(page.getByTestId('create-post-link')).toHaveCount(0);
    await expect(page.getByTestId('settings-link')).toHaveCount(0);
    await page.getByTestId('membership-button').click();
    await expect(page.getByTestId('membership-button')).toHaveText('Leave');
    await expect(page.getByTestId('community-members')).toHaveText('3 members');
    await expect(page.getByTestId('create-post-link')).toBeVisible();
    await page.getByTestId('membership-button').click();
    await expect(page.getByTestId('membership-button')).toHaveText('Join');
    await expect(page.getByTestId('community-members')).toHaveText('2 members');
  });

  test('the three empty states', async ({ page }) => {
    const empty = await createCommunity(creator);
    await page.goto(`/c/${empty.name}`);
    await expect(page.getByTestId('posts-empty')).toContainText('No posts yet');
    await expect(page.getByTestId('empty-sign-in')).toHaveText('Sign In to Post');

    await signInAs(page, creator);
    await page.goto(`/c/${empty.name}`);
    await expect(page.getByTestId('empty-create-post')).toHaveText('Create the First Post');
    await expect(page.getByTestId('empty-create-post')).toHaveAttribute(
      'href',
      `/c/${empty.name}/create`,
    );
  });

  test('non-member empty state', async ({ page }) => {
    const empty = await createCommunity(creator);
    await signInAs(page, outsider);
    await page.goto(`/c/${empty.name}`);
    await expect(page.getByTestId('posts-empty')).toContainText(
      'Join the community to create posts',
    );
  });

  test('20 posts per page with Load More Posts', async ({ page }) => {
    const big = await createCommunity(creator);
    for (let i = 0; i < 21; i++) await createPost(creator, big, { title: `Big ${i}` });
    await page.goto(`/c/${big.name}`);
    await expect(page.getByTestId('post-card')).toHaveCount(20);
    await page.getByTestId('load-more-posts').click();
    await expect(page.getByTestId('post-card')).toHaveCount(21);
    await expect(page.getByTestId('load-more-posts')).toHaveCount(0);
  });

  test('Community not found links to /communities', async ({ page }) => {
    await page.goto('/c/no_such_community_here');
    await expect(page.getByTestId('community-not-found')).toContainText('Community not found');
    await page.getByTestId('back-to-communities').click();
    await expect(page).toHaveURL(/\/communities$/);
  });

  test('NSFW community: Sign Up Required overlay for visitors only', async ({ page }) => {
    const nsfw = await createCommunity(creator, { nsfw: true });
    await createPost(creator, nsfw, { title: 'Hidden post' });
    await page.goto(`/c/${nsfw.name}`);
    const overlay = page.getByTestId('nsfw-overlay');
    await expect(overlay.getByRole('heading', { name: 'Sign Up Required' })).toBeVisible();
    await expect(overlay.getByRole('link', { name: 'Create Account' })).toHaveAttribute(
      'href',
      '/register',
    );
    await expect(overlay.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await expect(page.getByText('Hidden post')).toHaveCount(0);
    await expectAccessible(page);

    await signInAs(page, outsider);
    await page.goto(`/c/${nsfw.name}`);
    // The post first: the overlay's absence proves nothing before the page has loaded.
    await expect(page.getByTestId('post-title')).toHaveText('Hidden post');
    await expect(page.getByTestId('nsfw-overlay')).toHaveCount(0);
  });
});
