import { expect, test } from '../../fixtures.js';
import { expectAccessible, ok, openAdmin, register, retry, uid } from './helpers.js';

test.describe('admin dashboard: communities', () => {
  test('lists every community with members, posts, NSFW, creator and creation date', async ({
    page,
  }) => {
    const creator = await register(`cr${uid()}`);
    const member = await register(`mb${uid()}`);
    const name = `adm_${uid()}`;
    const nsfwName = `admx_${uid()}`;
    const create = (n: string, nsfw: boolean) =>
      retry(() =>
        ok<{ community: { id: string } }>('POST', '/communities', {
          token: creator.token,
          body: {
            name: n,
            description: 'A community for the admin e2e tests.',
            rules: 'Be kind.',
            is_nsfw: nsfw,
          },
        }),
      );
    const { community } = await create(name, false);
    await create(nsfwName, true);
    await retry(() => ok('POST', `/communities/${community.id}/join`, { token: member.token }));
    for (const title of ['One', 'Two', 'Three']) {
      await ok('POST', '/posts', {
        token: creator.token,
        body: { title, content: 'Body', type: 'text', community_id: community.id },
      });
    }

    await openAdmin(page, '?tab=communities');
    const panel = page.getByRole('tabpanel', { name: 'Communities' });
    await expect(panel.getByRole('columnheader')).toHaveText([
      'Name',
      'Members',
      'Posts',
      'NSFW',
      'Creator',
      'Created',
    ]);
    const row = panel.locator(`[data-testid="community-row"][data-name="${name}"]`);
    await expect(row.getByTestId('community-name')).toHaveText(`c/${name}`);
    await expect(row.getByTestId('community-members')).toHaveText('2');
    await expect(row.getByTestId('community-posts')).toHaveText('3');
    await expect(row.getByTestId('community-nsfw')).toHaveText('No');
    await expect(row.getByTestId('community-creator')).toHaveText(`u/${creator.username}`);
    const today = new Date().toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    await expect(row.getByTestId('community-created')).toHaveText(today);
    const nsfw = panel.locator(`[data-testid="community-row"][data-name="${nsfwName}"]`);
    await expect(nsfw.getByTestId('community-nsfw')).toHaveText('NSFW');
    await expect(nsfw.getByTestId('community-posts')).toHaveText('0');

    // Every community is listed: the count agrees with the platform statistics.
    const stats = await page.evaluate(async () => {
      const res = await fetch('/api/admin/stats', {
        headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
      });
      return (await res.json()) as { total_communities: number };
    });
    await expect(panel.getByTestId('community-row')).toHaveCount(stats.total_communities);
    await expectAccessible(page);

    await row.getByTestId('community-name').click();
    await expect(page).toHaveURL((url) => url.pathname === `/c/${name}`);
  });

  test('a failed load shows Failed to load communities data with Retry', async ({ page }) => {
    await page.route('**/api/admin/communities', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openAdmin(page, '?tab=communities');
    const error = page.getByTestId('communities-error');
    await expect(error).toContainText('Failed to load communities data');
    await page.unroute('**/api/admin/communities');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('communities-table')).toBeVisible();
    await expect(page.getByTestId('communities-error')).toHaveCount(0);
  });
});
