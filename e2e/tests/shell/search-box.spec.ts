import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../../axe.js';
import { expect, test } from '../../fixtures.js';
import { createCommunity, createPost, createUser } from '../forum/helpers.js';
import { uniqueName } from './helpers.js';

/** A word no other test's data contains (letters and digits: one word for the search). */
const uniqueWord = (prefix: string) => uniqueName(prefix).toLowerCase();

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search' });
const suggestions = (page: Page) => page.getByTestId('header-search-suggestions');

test.describe('header search box (EXTENSIONS §S)', () => {
  test('typing suggests communities and users; arrow keys and Enter open one', async ({ page }) => {
    const word = uniqueWord('sbox');
    const owner = await createUser(word);
    const community = await createCommunity(owner, { name: `${word}_pets` });

    await page.goto('/terms');
    const box = searchBox(page);
    await expect(box).toHaveAttribute('placeholder', 'Search');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.fill(word);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = suggestions(page);
    await expect(box).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options.first()).toHaveText(`Search for "${word}"`);
    const communityOption = list.getByRole('option', { name: `c/${community.name}` });
    const userOption = list.getByRole('option', { name: `u/${owner.username}` });
    await expect(communityOption).toBeVisible();
    await expect(userOption).toBeVisible();
    await expect(list.getByRole('group', { name: 'Communities' })).toContainText(community.name);
    await expect(list.getByRole('group', { name: 'Users' })).toContainText(owner.username);
    await expectNoSeriousA11yViolations(page, 'header search suggestions');

    // ArrowDown: "Search for", then the community; the field keeps the focus throughout.
    await box.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await box.press('ArrowDown');
    await expect(communityOption).toHaveAttribute('aria-selected', 'true');
    await expect(options.first()).toHaveAttribute('aria-selected', 'false');
    await expect(box).toHaveAttribute(
      'aria-activedescendant',
      (await communityOption.getAttribute('id'))!,
    );
    await expect(box).toBeFocused();
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/c/${community.name}$`));
    await expect(box).toHaveValue('');
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    // ArrowUp from no option: the last one, the user.
    await box.fill(word);
    await expect(userOption).toBeVisible();
    await box.press('ArrowUp');
    await expect(userOption).toHaveAttribute('aria-selected', 'true');
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/u/${owner.username}$`));
  });

  test('suggestions wait for a pause in typing (150 ms) and for 2 characters', async ({ page }) => {
    const word = uniqueWord('sdeb');
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/search/communities') asked.push(url.searchParams.get('q') ?? '');
    });
    await page.goto('/terms');
    const box = searchBox(page);
    await box.pressSequentially('a', { delay: 0 });
    await page.waitForTimeout(400);
    expect(asked, 'no request for one character').toEqual([]);
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.pressSequentially(word.slice(1), { delay: 20 });
    await expect.poll(() => asked.at(-1)).toBe(`a${word.slice(1)}`);
    expect(asked.length, `requests while typing: ${asked.join(', ')}`).toBeLessThan(
      word.length - 1,
    );
  });

  test('Enter searches; Escape closes the list, a second Escape clears; a click outside closes', async ({
    page,
  }) => {
    const word = uniqueWord('sent');
    await page.goto('/terms');
    const box = searchBox(page);
    await box.fill(`  ${word} things `);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await box.press('Escape');
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await expect(box).toHaveValue(`  ${word} things `);
    await box.press('Escape');
    await expect(box).toHaveValue('');

    await box.fill(word);
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await page.getByTestId('app-footer').click({ position: { x: 5, y: 5 } });
    await expect(box).toHaveAttribute('aria-expanded', 'false');

    await box.fill(`${word} things`);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/search\\?q=${word}\\+things$`));
    await expect(page.getByTestId('search-page-input')).toHaveValue(`${word} things`);
    await expect(page).toHaveTitle(`Search: ${word} things`);
  });

  test('"/" focuses the search box, except while typing in a field', async ({ page }) => {
    await page.goto('/login');
    const box = searchBox(page);
    const email = page.getByTestId('login-email');
    await expect(email).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    // The key only moved the focus: no "/" typed.
    await expect(box).toHaveValue('');
    await email.click();
    await page.keyboard.type('a/b');
    await expect(email).toHaveValue('a/b');
    await expect(email).toBeFocused();
  });

  test('"Search c/{name}" on a community page searches that community\'s posts', async ({
    page,
  }) => {
    const word = uniqueWord('sin');
    const owner = await createUser('sinowner');
    const here = await createCommunity(owner);
    const elsewhere = await createCommunity(owner);
    const inside = await createPost(owner, here, { title: `The ${word} inside` });
    await createPost(owner, elsewhere, { title: `The ${word} outside` });

    await page.goto(`/c/${here.name}`);
    await expect(page.getByTestId('community-page')).toBeVisible();
    const box = searchBox(page);
    await box.fill(word);
    const scoped = suggestions(page).getByRole('option', { name: `Search c/${here.name}` });
    await expect(scoped).toBeVisible();
    await scoped.click();
    await expect(page).toHaveURL(
      new RegExp(`/search\\?q=${word}&type=posts&community=${here.name}$`),
    );
    await expect(page.getByTestId('search-community-filter')).toContainText(`in c/${here.name}`);
    const results = page.getByTestId('search-results');
    await expect(results.getByTestId('post-card')).toHaveCount(1);
    await expect(results.getByTestId('post-title')).toHaveText(inside.title);
    // Removing the filter searches everywhere.
    await page.getByTestId('search-community-filter-remove').click();
    await expect(page).not.toHaveURL(/community=/);
    await expect(results.getByTestId('post-card')).toHaveCount(2);
  });
});

test.describe('phone-sized screen', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the search box is in the menu; "/" opens the menu at it', async ({ page }) => {
    const word = uniqueWord('sph');
    const owner = await createUser(word);
    await page.goto('/terms');
    await expect(page.getByTestId('header-search')).toBeHidden();
    await expect(page.getByTestId('mobile-search')).toBeHidden();
    await page.getByTestId('nav-menu-toggle').click();
    const box = page.getByTestId('mobile-search');
    await expect(box).toBeVisible();
    await box.fill(word);
    const option = page
      .getByTestId('mobile-search-suggestions')
      .getByRole('option', { name: `u/${owner.username}` });
    await expect(option).toBeVisible();
    // The list opens right under the field, over the menu's links.
    const field = (await box.boundingBox())!;
    const list = (await page.getByTestId('mobile-search-suggestions').boundingBox())!;
    expect(list.y - (field.y + field.height)).toBeGreaterThanOrEqual(0);
    expect(list.y - (field.y + field.height)).toBeLessThan(12);
    // Escape closes the suggestions, not the menu.
    await box.press('Escape');
    await expect(page.getByTestId('mobile-search-suggestions')).toBeHidden();
    await expect(page.getByTestId('mobile-nav')).toBeVisible();
    // ArrowDown opens them again.
    await box.press('ArrowDown');
    await option.click();
    await expect(page).toHaveURL(new RegExp(`/u/${owner.username}$`));
    await expect(page.getByTestId('mobile-nav')).toBeHidden();

    await page.getByTestId('app-main').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('/');
    await expect(page.getByTestId('mobile-nav')).toBeVisible();
    await expect(box).toBeFocused();
  });
});
