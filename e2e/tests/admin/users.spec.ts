import type { Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import {
  adminSession,
  api,
  expectAccessible,
  ok,
  openAdmin,
  PASSWORD,
  registerMany,
  tableUsernames,
  uid,
  type Session,
} from './helpers.js';

/**
 * 126 users share a unique prefix: searching for it gives a known set (6 pages of 25, 3 of 50,
 * 2 of 100) whatever else the database holds.
 */
const COUNT = 126;
const prefix = `pg${uid()}x`;
let names: string[] = [];
let admin: Session;

test.beforeAll(async () => {
  test.setTimeout(600_000);
  names = await registerMany(prefix, COUNT);
  admin = await adminSession();
});

async function openUsers(page: Page, search?: string): Promise<void> {
  await openAdmin(page, '?tab=users');
  await expect(page.getByRole('tabpanel', { name: 'Users' })).toBeVisible();
  if (search !== undefined) {
    await page.getByLabel('Search users').fill(search);
    await expect(page.getByTestId('users-total')).toHaveText(/\d+ users?/);
  }
  await expect(page.getByTestId('users-table')).toHaveAttribute('aria-busy', 'false');
}

const rows = (page: Page) => page.getByTestId('users-table').getByTestId('user-row');

test.describe('admin dashboard: users', () => {
  test('lists users with their fields; default sort is Joined, newest first', async ({ page }) => {
    await openUsers(page);
    const header = page.getByRole('columnheader');
    await expect(header).toHaveText([
      /Username/,
      /Email/,
      /Joined/,
      /Last active/,
      /Total score/,
      'Active',
      'Verified',
      'Actions',
    ]);
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    // Headers are buttons.
    await expect(page.getByRole('button', { name: /^Username/ })).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByTestId('users-page-size')).toHaveValue('25');

    // The newest user is the last one this spec registered (or a later one).
    const listed = await ok<{ users: Array<{ username: string }> }>('GET', '/admin/users', {
      token: admin.token,
    });
    expect(await tableUsernames(page)).toEqual(listed.users.map((u) => u.username));

    // The admin's own row: online now, and no deactivate button for oneself.
    await page.getByLabel('Search users').fill('admin');
    const me = page.locator('[data-testid="user-row"][data-username="admin"]');
    await expect(me.getByTestId('user-last-active')).toHaveText('Online');
    await expect(me.getByTestId('user-self')).toHaveText('You');
    await expect(me.getByTestId('user-toggle-active')).toHaveCount(0);
    await expect(me.getByTestId('user-active')).toHaveText('Active');
    await expectAccessible(page);
  });

  test('a row shows username, email, joined, score and the active and verified flags', async ({
    page,
  }) => {
    const name = names[7]!;
    await openUsers(page, name);
    await expect(rows(page)).toHaveCount(1);
    const row = rows(page).first();
    await expect(row.getByTestId('user-username')).toHaveText(name);
    await expect(row.getByTestId('user-email')).toHaveText(`${name}@example.test`);
    const joined = new Date().toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
    });
    await expect(row.getByTestId('user-joined')).toHaveText(joined);
    await expect(row.getByTestId('user-score')).toHaveText('0');
    await expect(row.getByTestId('user-active')).toHaveText('Active');
    await expect(row.getByTestId('user-verified')).toHaveText(/^(Verified|Unverified)$/);
  });

  test('the online indicator follows spec §9', async ({ page }) => {
    const now = Date.now();
    const min = 60_000;
    const cases: Array<[number | null, string | RegExp]> = [
      [now - 30_000, 'Online'],
      [now - 4 * min, 'Online'],
      [now - 7 * min, '7 minutes ago'],
      [now - 3 * 60 * min, '3 hours ago'],
      [now - 1_439 * min, '23 hours ago'],
      [now - 2 * 1_440 * min, '2 days ago'],
      [now - 10 * 1_440 * min, /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/],
      [null, 'Never'],
    ];
    // Real rows from the server, with last_active moved into the past.
    await page.route('**/api/admin/users?*', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as { users: Array<{ last_active: string | null }> };
      body.users.forEach((u, i) => {
        const at = cases[i]?.[0];
        if (at !== undefined) u.last_active = at === null ? null : new Date(at).toISOString();
      });
      await route.fulfill({ response: res, json: body });
    });
    await openUsers(page, prefix);
    const lastActive = rows(page).getByTestId('user-last-active');
    for (const [i, [, text]] of cases.entries()) {
      await expect(lastActive.nth(i)).toHaveText(text);
    }
  });

  test('clicking a header sorts DESC, clicking it again ASC (aria-sort follows)', async ({
    page,
  }) => {
    await openUsers(page, prefix);
    const sorted = [...names].sort();
    const header = page.getByRole('columnheader', { name: 'Username' });
    await expect(header).toHaveAttribute('aria-sort', 'none');

    await page.getByTestId('sort-username').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(await tableUsernames(page)).toEqual([...sorted].reverse().slice(0, 25));

    await page.getByTestId('sort-username').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(await tableUsernames(page)).toEqual(sorted.slice(0, 25));
    await expect(page.getByRole('columnheader', { name: 'Joined' })).toHaveAttribute(
      'aria-sort',
      'none',
    );

    // Another column starts at DESC again; the keyboard works on the header buttons.
    await page.getByTestId('sort-email').focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(await tableUsernames(page)).toEqual([...sorted].reverse().slice(0, 25));
    await expect(header).toHaveAttribute('aria-sort', 'none');
  });

  test('page sizes 25, 50 and 100 (default 25)', async ({ page }) => {
    await openUsers(page, prefix);
    await expect(page.getByTestId('users-total')).toHaveText(`${COUNT} users`);
    await expect(rows(page)).toHaveCount(25);
    const pages = page.getByTestId('users-pager').getByTestId('pager-page');
    await expect(pages).toHaveText(['1', '2', '3', '4', '5']);

    await page.getByLabel('Users per page').selectOption('50');
    await expect(rows(page)).toHaveCount(50);
    await expect(pages).toHaveText(['1', '2', '3']);

    await page.getByLabel('Users per page').selectOption('100');
    await expect(rows(page)).toHaveCount(100);
    await expect(pages).toHaveText(['1', '2']);
    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(rows(page)).toHaveCount(COUNT - 100);

    await page.getByLabel('Users per page').selectOption('25');
    await expect(rows(page)).toHaveCount(25);
    await expect(page.getByRole('button', { name: 'Page 1' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the pager shows at most 5 page buttons plus Previous and Next', async ({ page }) => {
    await openUsers(page, prefix);
    await page.getByTestId('sort-username').click();
    await page.getByTestId('sort-username').click();
    await expect(page.getByRole('columnheader', { name: 'Username' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const sorted = [...names].sort();
    const pager = page.getByRole('navigation', { name: 'Users pages' });
    const pages = pager.getByTestId('pager-page');
    const prev = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });

    // 126 users / 25 = 6 pages, 5 buttons at a time.
    await expect(pages).toHaveText(['1', '2', '3', '4', '5']);
    await expect(prev).toBeDisabled();
    await expect(next).toBeEnabled();

    await next.click();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(await tableUsernames(page)).toEqual(sorted.slice(25, 50));

    await pager.getByRole('button', { name: 'Page 5' }).click();
    await expect(pages).toHaveText(['2', '3', '4', '5', '6']);
    expect(await tableUsernames(page)).toEqual(sorted.slice(100, 125));

    await next.click();
    await expect(pager.getByRole('button', { name: 'Page 6' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(next).toBeDisabled();
    expect(await tableUsernames(page)).toEqual(sorted.slice(125));

    await prev.click();
    await expect(pager.getByRole('button', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('search filters by username or email (debounced) and resets to page 1', async ({ page }) => {
    await openUsers(page, prefix);
    await page.getByRole('button', { name: 'Page 3' }).click();
    await expect(page.getByRole('button', { name: 'Page 3' })).toHaveAttribute(
      'aria-current',
      'page',
    );

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/admin/users?')) requests.push(new URL(r.url()).search);
    });
    const target = names[42]!;
    await page.getByLabel('Search users').press('End');
    await page.getByLabel('Search users').pressSequentially(target.slice(prefix.length), {
      delay: 20,
    });
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).getByTestId('user-username')).toHaveText(target);
    await expect(page.getByTestId('users-total')).toHaveText('1 user');
    // Debounced: one request for the whole typed text, not one per key.
    expect(requests.length).toBeLessThanOrEqual(2);
    expect(requests.at(-1)).toContain('page=1');

    // Email matches too.
    await page.getByLabel('Search users').fill(`${names[3]}@example.test`);
    await expect(rows(page).getByTestId('user-username')).toHaveText(names[3]!);

    await page.getByLabel('Search users').fill(`nobody${uid()}`);
    await expect(page.getByTestId('users-empty')).toHaveText('No users found.');
  });

  test('deactivate and reactivate a user, with a confirmation', async ({ page }) => {
    const name = names[11]!;
    await openUsers(page, name);
    const row = rows(page).first();
    await expect(row.getByTestId('user-active')).toHaveText('Active');

    // Cancel changes nothing.
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Deactivate ${name}?` });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row.getByTestId('user-active')).toHaveText('Active');
    await expect(row.getByRole('button', { name: `Deactivate ${name}` })).toBeFocused();

    // Deactivating is a public site_ban: it needs a reason.
    await row.getByRole('button', { name: `Deactivate ${name}` }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog')).toContainText('Reason is required');
    await expect(row.getByTestId('user-active')).toHaveText('Active');
    await page.getByRole('dialog').getByRole('textbox', { name: 'Reason' }).fill('Spam account');
    await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(row.getByTestId('user-active')).toHaveText('Inactive');
    await expect(row.getByRole('button', { name: `Reactivate ${name}` })).toBeFocused();
    await expect(page.getByTestId('users-status')).toHaveText(`${name} was deactivated.`);
    // The account really is off: it cannot sign in.
    const login = await api('POST', '/auth/login', { body: { email: name, password: PASSWORD } });
    expect(login.status).toBeGreaterThanOrEqual(400);

    await row.getByRole('button', { name: `Reactivate ${name}` }).click();
    const again = page.getByRole('dialog', { name: `Reactivate ${name}?` });
    await again.getByRole('button', { name: 'Reactivate' }).click();
    await expect(row.getByTestId('user-active')).toHaveText('Active');
    await expect(page.getByTestId('users-status')).toHaveText(`${name} was reactivated.`);
    const back = await api('POST', '/auth/login', { body: { email: name, password: PASSWORD } });
    expect(back.status).toBe(200);
  });

  test('a failed users load shows Failed to load users data with Retry', async ({ page }) => {
    await page.route('**/api/admin/users?*', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openAdmin(page, '?tab=users');
    const error = page.getByTestId('users-error');
    await expect(error).toContainText('Failed to load users data');
    await page.unroute('**/api/admin/users?*');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('users-error')).toHaveCount(0);
    await expect(rows(page)).toHaveCount(25);
  });
});
