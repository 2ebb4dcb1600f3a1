import { expect, test } from '../fixtures.js';
import { expectNoSeriousA11yViolations } from '../axe.js';

// The check every spec relies on must see what it is there to see: a nameless button and an
// image without alt text are critical violations, so the check fails on them and names them.
test('the accessibility check fails on a page with serious violations', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'terms');
  await page.evaluate(() => {
    document.body.append(document.createElement('button'));
    const img = document.createElement('img');
    img.src = '/favicon.ico';
    document.body.append(img);
  });
  const failure = await expectNoSeriousA11yViolations(page, 'broken').then(
    () => null,
    (e: unknown) => String(e),
  );
  expect(failure).toContain('button-name');
  expect(failure).toContain('image-alt');
});
