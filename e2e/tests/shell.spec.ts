import { expect, test } from '../fixtures.js';

test('the shell renders its header', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByTestId('nav-home')).toBeVisible();
});

test('the gateway serves the remotes map', async ({ request }) => {
  const response = await request.get('/remotes.json');
  expect(response.ok()).toBe(true);
  const map = (await response.json()) as Record<string, { version: string; entry: string }>;
  for (const name of ['forum', 'inbox', 'admin']) {
    expect(map[name]?.entry).toBe(`/remotes/${name}/${map[name]?.version}/remoteEntry.js`);
    const entry = await request.get(map[name]!.entry);
    expect(entry.ok(), `${map[name]!.entry} is served`).toBe(true);
  }
});
