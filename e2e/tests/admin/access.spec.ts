import { expect, test } from '../../fixtures.js';
import { adminSession, api, openAdmin, register, signInAs, uid } from './helpers.js';

test.describe('admin dashboard: who may open it', () => {
  test('a signed-out visitor is sent to /', async ({ page }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
  });

  test('a signed-in user who is not the admin is sent to /', async ({ page }) => {
    const user = await register(`nadm${uid()}`);
    await signInAs(page, user);
    const statsCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/')) statsCalls.push(r.url());
    });
    await page.goto('/admin');
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
    expect(statsCalls).toEqual([]);
  });

  test('the admin sees the four tabs and can move between them with the keyboard', async ({
    page,
  }) => {
    await openAdmin(page);
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveText(['Overview', 'Users', 'Communities', 'Reports']);
    const overview = page.getByRole('tab', { name: 'Overview' });
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await expect(overview).toHaveAttribute('tabindex', '0');
    await expect(page.getByRole('tab', { name: 'Users' })).toHaveAttribute('tabindex', '-1');
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();

    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const users = page.getByRole('tab', { name: 'Users' });
    await expect(users).toBeFocused();
    await expect(users).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel', { name: 'Users' })).toBeVisible();
    await expect(page).toHaveURL(/[?&]tab=users/);

    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Reports' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeVisible();
    await page.keyboard.press('ArrowRight');
    await expect(overview).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Reports' })).toBeFocused();
    await page.keyboard.press('ArrowLeft');
    await expect(page.getByRole('tab', { name: 'Communities' })).toBeFocused();
    await expect(page.getByRole('tabpanel', { name: 'Communities' })).toBeVisible();
    await page.keyboard.press('Home');
    await expect(overview).toHaveAttribute('aria-selected', 'true');
    await page.reload();
    await expect(page.getByRole('tabpanel', { name: 'Overview' })).toBeVisible();
  });

  test('a failed initial load shows Failed to load admin data, and Retry loads it', async ({
    page,
  }) => {
    let failed = 0;
    await page.route('**/api/admin/stats', async (route) => {
      if (failed === 0) {
        failed += 1;
        await route.fulfill({ status: 500, contentType: 'application/json', body: '{}' });
        return;
      }
      await route.fallback();
    });
    await signInAs(page, await adminSession());
    await page.goto('/admin');
    const error = page.getByTestId('admin-load-error');
    await expect(error).toContainText('Failed to load admin data');
    await expect(page.getByRole('tablist')).toHaveCount(0);
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('admin-load-error')).toHaveCount(0);
    await expect(page.getByTestId('stat-total-users')).toHaveText(/^\d[\d,]*$/);
    expect(failed).toBe(1);
  });

  test('the server error is shown under the fallback text (503 from the gateway)', async ({
    page,
  }) => {
    await page.route('**/api/admin/stats', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Service unavailable' }),
      }),
    );
    await signInAs(page, await adminSession());
    await page.goto('/admin');
    const error = page.getByTestId('admin-load-error');
    await expect(error).toContainText('Failed to load admin data');
    await expect(error).toContainText('Service unavailable');
    await expect(error.getByRole('button', { name: 'Retry' })).toBeVisible();
  });

  test('a 403 shows Access denied. Admin privileges required.', async ({ page }) => {
    await page.route('**/api/admin/stats', (route) =>
      route.fulfill({
        status: 403,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'Access denied. Admin privileges required.' }),
      }),
    );
    await signInAs(page, await adminSession());
    await page.goto('/admin');
    const denied = page.getByTestId('admin-denied');
    await expect(denied).toContainText('Access denied. Admin privileges required.');
    await expect(denied.getByRole('button')).toHaveCount(0);
  });

  test('the admin API refuses other users with the spec text', async () => {
    const user = await register(`nadm${uid()}`);
    for (const path of [
      '/admin/stats',
      '/admin/users',
      '/admin/communities',
      '/admin/daily-user-stats',
    ]) {
      const res = await api(`GET`, path, { token: user.token });
      expect(res.status, path).toBe(403);
      expect(res.json, path).toEqual({ error: 'Access denied. Admin privileges required.' });
    }
    expect((await api('GET', '/admin/stats')).status).toBe(401);
  });
});
