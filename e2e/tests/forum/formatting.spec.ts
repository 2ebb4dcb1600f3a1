import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  createComment,
  createCommunity,
  createPost,
  createUser,
  expectAccessible,
  join,
  signInAs,
} from './helpers.js';
import type { TestCommunity, TestUser } from './helpers.js';

/**
 * Markdown in mf-forum (EXTENSIONS §F): the editor's toolbar and Preview, rendered posts and
 * comments, spoilers, mention links, refused link schemes, and list previews without spoilers.
 */
test.describe('formatting', () => {
  let author: TestUser;
  let reader: TestUser;
  let community: TestCommunity;

  test.beforeAll(async () => {
    [author, reader] = await Promise.all([createUser('fmtauth'), createUser('fmtread')]);
    community = await createCommunity(author);
    await join(reader, community);
  });

  /** Clicks a toolbar button of the post body's editor and types over the placeholder it selects. */
  async function format(page: Page, action: string, text: string) {
    await page.getByTestId(`post-content-input-format-${action}`).click();
    await page.keyboard.type(text);
  }

  test('a post written with the toolbar: preview, publish, rendered; the spoiler opens on click', async ({
    page,
  }) => {
    const title = `Formatted ${Date.now()}`;
    await signInAs(page, author);
    await page.goto(`/c/${community.name}/create`);
    await page.getByTestId('post-title-input').fill(title);
    const body = page.getByTestId('post-content-input');
    await body.click();
    await format(page, 'bold', 'Strong words');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await format(page, 'list', 'first item');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The end: ');
    await format(page, 'spoiler', 'the butler did it');
    await expect(body).toHaveValue(
      '**Strong words**\n\n- first item\n\nThe end: >!the butler did it!<',
    );

    await page.getByTestId('post-content-input-mode-tab-preview').click();
    const preview = page.getByTestId('post-content-input-preview');
    await expect(preview.locator('strong')).toHaveText('Strong words');
    await expect(preview.locator('li')).toHaveText('first item');
    await expect(preview.getByText('the butler did it')).toBeHidden();
    await page.getByTestId('post-content-input-mode-tab-write').click();
    await expect(body).toBeVisible();

    await page.getByTestId('submit-button').click();
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    const card = page.getByTestId('post-card').filter({ hasText: title });
    await expect(card.getByTestId('post-preview')).toHaveText(
      'Strong words first item The end: [spoiler]',
    );

    // The home feed's preview (the author joined the community by creating it).
    await page.goto('/');
    const homeCard = page.getByTestId('feed-list').getByTestId('post-card').filter({
      hasText: title,
    });
    await expect(homeCard.getByTestId('post-preview')).toContainText('[spoiler]');
    await expect(homeCard).not.toContainText('butler');

    await homeCard.getByTestId('post-title').click();
    const content = page.getByTestId('post-content');
    await expect(content.locator('strong')).toHaveText('Strong words');
    await expect(content.locator('li')).toHaveText('first item');
    const secret = content.getByText('the butler did it');
    await expect(secret).toBeHidden();
    const spoiler = content.getByRole('button', { name: 'Spoiler', exact: true });
    await expect(spoiler).toHaveAttribute('aria-expanded', 'false');
    await spoiler.click();
    await expect(secret).toBeVisible();
    await expect(content.getByRole('button', { name: 'Hide spoiler' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('a comment: u/name links to the profile, a javascript: link stays text', async ({
    page,
  }) => {
    const post = await createPost(author, community, { title: `Mentions ${Date.now()}` });
    await signInAs(page, reader);
    await page.goto(`/post/${post.id}`);
    const text = `Thanks u/${author.username}, see [evil link](javascript:alert(1)) in c/${community.name}`;
    await page.getByTestId('comment-input').fill(text);
    await page.getByTestId('comment-submit').click();
    const comment = page.getByTestId('comment').filter({ hasText: 'Thanks' });
    const content = comment.getByTestId('comment-content');
    await expect(content).toHaveText(
      `Thanks u/${author.username}, see evil link in c/${community.name}`,
    );
    await expect(content.locator('a', { hasText: 'evil link' })).toHaveCount(0);
    await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
    await expect(content.getByRole('link', { name: `c/${community.name}` })).toHaveAttribute(
      'href',
      `/c/${community.name}`,
    );
    const mention = content.getByRole('link', { name: `u/${author.username}` });
    await expect(mention).toHaveAttribute('href', `/u/${author.username}`);
    await mention.click();
    await expect(page).toHaveURL(new RegExp(`/u/${author.username}$`));
    // The profile's comment row is a preview: plain text, the refused link as its label.
    await page.goto(`/u/${reader.username}`);
    await page.getByTestId('tab-comments').click();
    const row = page.getByTestId('comment-row-content').first();
    await expect(row).toContainText(`Thanks u/${author.username}, see evil link`);
    await expect(row).not.toContainText('javascript');
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`axe: a post page with rendered Markdown, ${theme} theme`, async ({ page }) => {
      const post = await createPost(author, community, {
        title: `Rendered ${theme} ${Date.now()}`,
        content: [
          '### A heading',
          'Some **bold**, *italic*, ~~struck~~ and `code`; a [link](https://example.com/page).',
          '- one\n- two',
          '1. first\n2. second',
          '> a quote',
          '```\nconst x = 1;\n```',
          `Ask u/${reader.username} about >!the twist!< later.`,
        ].join('\n\n'),
      });
      await createComment(reader, post, `A reply with a >!spoiler!< and **bold**`);
      await page.addInitScript((t) => localStorage.setItem('theme', t), theme);
      await signInAs(page, reader);
      await page.goto(`/post/${post.id}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const content = page.getByTestId('post-content');
      await expect(content.locator('pre code')).toHaveText('const x = 1;');
      await expect(page.getByTestId('comment-content').locator('strong')).toHaveText('bold');
      await expectAccessible(page);
      await content.getByRole('button', { name: 'Spoiler', exact: true }).click();
      await expect(content.getByText('the twist')).toBeVisible();
      await expectAccessible(page);
    });
  }
});
