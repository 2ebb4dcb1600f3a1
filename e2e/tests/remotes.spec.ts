import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures.js';

async function expectRemote(page: Page, path: string, remote: string) {
  await page.goto(path);
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByTestId(`remote-${remote}`)).toBeVisible();
  await expect(page.getByTestId('remote-fallback')).toHaveCount(0);
}

test('/ renders the forum remote inside the shell (signed out)', async ({ page }) => {
  await expectRemote(page, '/', 'forum');
});

test('/inbox renders the inbox remote inside the shell', async ({ signedIn }) => {
  await expectRemote(signedIn, '/inbox', 'inbox');
});

test('/admin renders the admin remote inside the shell', async ({ signedIn }) => {
  await expectRemote(signedIn, '/admin', 'admin');
});
