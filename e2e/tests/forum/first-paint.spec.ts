import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { createUser, expectAccessible, signInAs } from './helpers.js';

/**
 * A visitor's / paints its landing (hero and feature cards) from the HTML: index.html carries it
 * (#first-paint, rendered at build time from @forum/landing), /before-paint.js shows it only for a
 * visitor on /, and the app removes it as soon as it renders a page of its own.
 */

const firstPaint = (page: Page) => page.locator('#first-paint');

/** Only /before-paint.js runs: the app's own scripts (the shell's and the remotes') never load. */
async function withoutAppScripts(page: Page): Promise<void> {
  await page.route(/\/(static\/js|remotes\/[^/]+)\//, (route) => route.abort());
}

/** Records, before every frame from the document's start, whether #first-paint was displayed. */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __firstPaintShown: boolean };
    w.__firstPaintShown = false;
    const check = () => {
      const el = document.getElementById('first-paint');
      if (el && getComputedStyle(el).display !== 'none') w.__firstPaintShown = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

const firstPaintShown = (page: Page) =>
  page.evaluate(() => (window as unknown as { __firstPaintShown: boolean }).__firstPaintShown);

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error(`no box for ${locator.toString()}`);
  return b;
}

test("a visitor's / has the landing in its HTML and paints it before the app's scripts run", async ({
  page,
}) => {
  const html = await (await page.request.get('/', { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('<div id="first-paint">');
  expect(html).toContain('<h1 id="home-hero-title">Welcome to the Forum</h1>');
  expect(html.match(/data-testid="home-feature"/g)).toHaveLength(3);

  await withoutAppScripts(page);
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-first-paint', '');
  const landing = firstPaint(page);
  await expect(landing.getByRole('heading', { level: 1 })).toHaveText('Welcome to the Forum');
  await expect(landing.getByTestId('home-feature')).toHaveCount(3);
  await expect(landing.getByTestId('home-feature').first()).toBeVisible();
  // Styled from the inline CSS alone: three cards side by side, the primary button filled.
  const cards = landing.getByTestId('home-feature');
  expect((await box(cards.nth(0))).y).toBe((await box(cards.nth(2))).y);
  const browse = landing.getByRole('link', { name: 'Browse Communities' });
  await expect(browse).toHaveAttribute('href', '/communities');
  await expect(browse).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');
  await expect(landing.getByRole('link', { name: 'Join the Discussion' })).toHaveAttribute(
    'href',
    '/register',
  );
  await expectAccessible(page);

  // Its links are plain links: they work before any script has run. Elsewhere it is not shown.
  await browse.click();
  await expect(page).toHaveURL(/\/communities$/);
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
  await expect(firstPaint(page)).toBeHidden();
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 375, height: 740 },
]) {
  test(`the home page takes its place at ${viewport.width}x${viewport.height}: same position, one copy, under the shell header`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The forum remote waits until the shell has rendered around the HTML's landing.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/forum/**', async (route) => {
      await released;
      await route.continue();
    });
    // Not until `load`: the held remote entry would hold the load event.
    await page.goto('/', { waitUntil: 'domcontentloaded' });
    await expect(page.getByTestId('app-header')).toBeVisible();
    const landing = firstPaint(page);
    await expect(landing).toBeVisible();
    await expect(page.getByTestId('header-logo')).toBeVisible(); // the header is over its place
    const before = {
      hero: await box(landing.getByTestId('home-hero')),
      cards: await Promise.all(
        [0, 1, 2].map((i) => box(landing.getByTestId('home-feature').nth(i))),
      ),
      markup: await landing.locator('.first-paint__page').innerHTML(),
    };

    release();
    await expect(page.getByTestId('recent-discussions')).toBeVisible();
    await expect(landing).toHaveCount(0);
    await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
    await expect(page.getByTestId('home-hero')).toHaveCount(1);
    await expect(page.getByTestId('home-feature')).toHaveCount(3);

    // One source: the HTML's copy is the markup the forum renders, in the same place.
    const home = page.getByTestId('home-page');
    const hero = await box(home.getByTestId('home-hero'));
    expect(hero).toEqual(before.hero);
    for (const [i, card] of before.cards.entries()) {
      expect(await box(home.getByTestId('home-feature').nth(i))).toEqual(card);
    }
    const rendered = await home.evaluate((el) => {
      const hero = el.querySelector('[data-testid="home-hero"]');
      const features = el.querySelector('[data-testid="home-features"]');
      return (hero?.outerHTML ?? '') + (features?.outerHTML ?? '');
    });
    expect(rendered).toBe(before.markup);
    await expectAccessible(page);
  });
}

test("a signed-in user's / and a visitor's /communities never show it, not for one frame", async ({
  page,
}) => {
  await watchFirstPaint(page);
  await page.goto('/communities');
  await expect(page.getByTestId('communities-page')).toBeVisible();
  expect(await firstPaintShown(page)).toBe(false);
  await expect(firstPaint(page)).toHaveCount(0);

  // The probe sees it where it belongs.
  await page.goto('/');
  await expect(page.getByTestId('recent-discussions')).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
  expect(await firstPaintShown(page)).toBe(true);

  await signInAs(page, await createUser('firstpaint'));
  await page.goto('/');
  await expect(page.getByTestId('your-feed')).toBeVisible();
  expect(await firstPaintShown(page)).toBe(false);
  await expect(firstPaint(page)).toHaveCount(0);
});

test("the HTML's logic alone keeps it hidden for a signed-in user and off /", async ({ page }) => {
  await withoutAppScripts(page);
  await page.goto('/c/anything');
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
  await expect(firstPaint(page)).toBeHidden();

  await signInAs(page, await createUser('firstpaint'));
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-first-paint');
  await expect(firstPaint(page)).toBeHidden();
});

test('a forum remote that fails to load removes it: the error is not hidden', async ({ page }) => {
  await page.route('**/remotes/forum/**', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByTestId('remote-fallback')).toBeVisible();
  await expect(firstPaint(page)).toHaveCount(0);
  await expectAccessible(page);
});
