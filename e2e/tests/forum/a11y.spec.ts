import { expect, test } from '../../fixtures.js';
import {
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';

test.describe('phone-sized layout and accessibility', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('every screen fits a phone without sideways scrolling and passes axe', async ({ page }) => {
    test.setTimeout(150_000);
    const user = await createUser('phone');
    const community = await createCommunity(user, {
      description: 'A community that fits on a phone.',
    });
    await join(user, community);
    const post = await createPost(user, community, {
      title: 'A fairly long post title that needs to wrap on a phone',
    });
    await signInAs(page, user);
    const screens: Array<[string, string]> = [
      ['/', 'feed-list'],
      ['/communities', 'communities-page'],
      ['/create-community', 'create-community-page'],
      [`/c/${community.name}`, 'community-header'],
      [`/c/${community.name}/settings`, 'settings-info'],
      [`/c/${community.name}/create`, 'post-type-picker'],
      [`/post/${post.id}`, 'post-detail'],
      ['/saved', 'saved-posts'],
      [`/u/${user.username}`, 'profile-header'],
    ];
    for (const [url, testId] of screens) {
      await page.goto(url);
      await expect(page.getByTestId(testId)).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    }
  });
});

test('keyboard: sort tabs, votes and the reaction picker work with the keyboard', async ({
  page,
}) => {
  const user = await createUser('keys');
  const community = await createCommunity(user);
  const post = await createPost(user, community, { title: 'Keyboard post' });
  await signInAs(page, user);
  await page.goto(`/post/${post.id}`);
  await page.getByTestId('post-upvote').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('post-score')).toHaveText('1');
  await page.getByTestId('reaction-toggle').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reaction-picker')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('reaction-picker')).toHaveCount(0);
  await page.getByTestId('post-upvote').focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('post-score')).toHaveText('0');
});
