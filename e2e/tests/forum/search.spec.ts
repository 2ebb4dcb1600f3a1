import { expect, test } from '../../fixtures.js';
import { uniqueName } from '../../api.js';
import {
  apiOk,
  createComment,
  createCommunity,
  createImagePost,
  createPost,
  createUser,
  expectAccessible,
} from './helpers.js';

/** A word no other test's data contains (letters and digits: one word for the search). */
const uniqueWord = (prefix: string) => uniqueName(prefix).toLowerCase();

test('posts with their matches marked, sort, then the comments, communities and users tabs', async ({
  page,
}) => {
  const word = uniqueWord('fsr');
  const owner = await createUser(word);
  const voter = await createUser('fsrvoter');
  const community = await createCommunity(owner, {
    name: `${word}_club`,
    description: `Everything about ${word}.`,
  });
  const picture = await createImagePost(owner, community, `A ${word} picture`);
  const older = await createPost(owner, community, {
    title: `The ${word} report`,
    content: `Notes on ${word} and other things.`,
  });
  const newer = await createPost(owner, community, { title: `Another ${word} story` });
  await apiOk('POST', `/posts/${older.id}/vote`, { token: voter.token, body: { vote_type: 1 } });
  const comment = await createComment(voter, older, `I like ${word} a lot`);

  await page.goto(`/search?q=${word}`);
  await expect(page).toHaveTitle(`Search: ${word}`);
  await expect(page.getByTestId('search-tab-posts')).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByTestId('search-panel-posts');
  await expect(panel).toHaveAttribute('aria-labelledby', /.+/);
  const cards = page.getByTestId('search-results').getByTestId('post-card');
  await expect(cards).toHaveCount(3);
  // An image post shows its thumbnail, as in the feeds.
  await expect(
    cards.filter({ hasText: picture.title }).getByTestId('post-thumbnail'),
  ).toBeVisible();
  // The matched words are <mark> elements inside the title and the text, nothing else is.
  const olderCard = cards.filter({ hasText: older.title });
  await expect(olderCard.getByTestId('post-title')).toHaveText(older.title);
  await expect(olderCard.getByTestId('post-title').locator('mark')).toHaveText([word]);
  await expect(olderCard.getByTestId('post-preview').locator('mark')).toHaveText([word]);
  await expect(olderCard.getByTestId('post-preview')).toHaveText(
    `Notes on ${word} and other things.`,
  );
  await expectAccessible(page);

  // New puts the newer post first, Top the upvoted one.
  await page.getByTestId('search-sort-new').click();
  await expect(page).toHaveURL(/sort=new/);
  await expect(page.getByTestId('search-sort-new')).toHaveAttribute('aria-pressed', 'true');
  await expect(cards.first().getByTestId('post-title')).toHaveText(newer.title);
  await page.getByTestId('search-sort-top').click();
  await expect(page).toHaveURL(/sort=top/);
  await expect(cards.first().getByTestId('post-title')).toHaveText(older.title);

  await page.getByTestId('search-tab-comments').click();
  await expect(page).toHaveURL(/type=comments/);
  const row = page.getByTestId('search-results').getByTestId('comment-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('comment-row-content')).toHaveText(`I like ${word} a lot`);
  await expect(row.getByTestId('comment-row-content').locator('mark')).toHaveText([word]);
  await expect(row.getByTestId('comment-row-post')).toHaveText(older.title);
  await expect(row.getByTestId('comment-row-post')).toHaveAttribute(
    'href',
    `/post/${older.id}#comment-${comment.id}`,
  );
  await expect(row.getByTestId('comment-row-community')).toHaveText(`c/${community.name}`);

  await page.getByTestId('search-tab-communities').click();
  await expect(page).toHaveURL(/type=communities/);
  const communityCard = page.getByTestId('search-community');
  await expect(communityCard).toHaveCount(1);
  await expect(communityCard.getByTestId('community-link')).toHaveText(`c/${community.name}`);
  await expect(communityCard.getByTestId('community-members')).toHaveText('1 member');
  await expect(communityCard).toContainText(`Everything about ${word}.`);
  // Sort and the community filter belong to posts and comments only.
  await expect(page.getByTestId('search-sort')).toHaveCount(0);

  await page.getByTestId('search-tab-users').click();
  await expect(page).toHaveURL(/type=users/);
  const userCard = page.getByTestId('search-user');
  await expect(userCard).toHaveCount(1);
  await expect(userCard.getByTestId('user-link')).toHaveText(`u/${owner.username}`);
  await expect(userCard.getByTestId('user-score')).toHaveText(/^\d+ points?$/);
  await expectAccessible(page);

  // Back and forth keep the tab in the URL: a reload shows the same one.
  await page.reload();
  await expect(page.getByTestId('search-tab-users')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('search-user')).toHaveCount(1);
});

test('Load More: 20 results, then the 21st, then no button', async ({ page }) => {
  const word = uniqueWord('fsm');
  const owner = await createUser('fsmowner');
  const community = await createCommunity(owner);
  await Promise.all(
    Array.from({ length: 21 }, (_, i) =>
      createPost(owner, community, { title: `Item ${i} of ${word}` }),
    ),
  );
  await page.goto(`/search?q=${word}`);
  const cards = page.getByTestId('search-results').getByTestId('post-card');
  await expect(cards).toHaveCount(20);
  const more = page.getByTestId('search-load-more');
  await expect(more).toHaveText('Load More');
  await more.click();
  await expect(cards).toHaveCount(21);
  await expect(more).toHaveCount(0);
});

test("empty state, a query too short, and the page's own field", async ({ page }) => {
  const word = uniqueWord('fse');
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/search/')) asked.push(r.url());
  });
  await page.goto('/search?q=a');
  await expect(page.getByTestId('search-too-short')).toHaveText(
    'Search terms must be at least 2 characters',
  );
  expect(asked).toEqual([]);

  const field = page.getByTestId('search-page-input');
  await expect(field).toHaveValue('a');
  await field.fill(` ${word} `);
  await field.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}$`));
  await expect(page.getByTestId('search-empty')).toHaveText(`No results for "${word}"`);
  await expect(page).toHaveTitle(`Search: ${word}`);
  await expectAccessible(page);
});

test('a failed search shows the error state, and Try Again loads the results', async ({ page }) => {
  const word = uniqueWord('fsf');
  const owner = await createUser('fsfowner');
  const community = await createCommunity(owner);
  const post = await createPost(owner, community, { title: `Fails then ${word}` });
  let fail = true;
  await page.route('**/api/search/posts?**', (route) =>
    fail
      ? route.fulfill({ status: 500, json: { error: 'Internal server error' } })
      : route.fallback(),
  );
  await page.goto(`/search?q=${word}`);
  const error = page.getByTestId('search-error');
  await expect(error).toContainText('Failed to load search results');
  fail = false;
  await error.getByRole('button', { name: 'Try Again' }).click();
  await expect(page.getByTestId('search-results').getByTestId('post-title')).toHaveText(post.title);
});
