import { expect, test } from '../../fixtures.js';
import {
  adminSession,
  expectAccessible,
  ok,
  openAdmin,
  register,
  retry,
  signInAs,
  uid,
} from './helpers.js';

interface Stats {
  total_users: number;
  total_communities: number;
  total_posts: number;
  total_comments: number;
}
type Daily = { daily_stats: Array<{ date: string; new_users: number }> };

const fmt = (n: number) => n.toLocaleString('en-US');

test.describe('admin dashboard: overview', () => {
  test('the stat cards show the platform totals, including what this test created', async ({
    page,
  }) => {
    const admin = await adminSession();
    const before = await ok<Stats>('GET', '/admin/stats', { token: admin.token });

    // One more user, community, two posts and three comments, through the public API.
    const author = await register(`ov${uid()}`);
    const community = await retry(() =>
      ok<{ community: { id: string } }>('POST', '/communities', {
        token: author.token,
        body: {
          name: `adm_${uid()}`,
          description: 'A community made by the admin e2e tests.',
          rules: 'Be kind.',
          is_nsfw: false,
        },
      }),
    );
    const posts = [];
    for (const title of ['First admin post', 'Second admin post']) {
      const res = await ok<{ post: { id: string } }>('POST', '/posts', {
        token: author.token,
        body: { title, content: 'Body', type: 'text', community_id: community.community.id },
      });
      posts.push(res.post.id);
    }
    for (const [i, postId] of [posts[0], posts[0], posts[1]].entries()) {
      await ok('POST', '/comments', {
        token: author.token,
        body: { content: `Comment ${i}`, post_id: postId },
      });
    }

    const expected: Stats = {
      total_users: before.total_users + 1,
      total_communities: before.total_communities + 1,
      total_posts: before.total_posts + 2,
      total_comments: before.total_comments + 3,
    };
    // The composed numbers agree with the services' own lists.
    expect(await ok<Stats>('GET', '/admin/stats', { token: admin.token })).toEqual(expected);
    const users = await ok<{ pagination: { total: number } }>('GET', '/admin/users', {
      token: admin.token,
    });
    expect(users.pagination.total).toBe(expected.total_users);
    const communities = await ok<{ communities: unknown[] }>('GET', '/admin/communities', {
      token: admin.token,
    });
    expect(communities.communities.length).toBe(expected.total_communities);

    await signInAs(page, admin);
    await page.goto('/admin');
    const stats = page.getByTestId('admin-stats');
    await expect(page.getByTestId('stat-total-users')).toHaveText(fmt(expected.total_users));
    await expect(page.getByTestId('stat-total-communities')).toHaveText(
      fmt(expected.total_communities),
    );
    await expect(page.getByTestId('stat-total-posts')).toHaveText(fmt(expected.total_posts));
    await expect(page.getByTestId('stat-total-comments')).toHaveText(fmt(expected.total_comments));
    for (const label of ['Total Users', 'Communities', 'Posts', 'Comments']) {
      await expect(stats.getByText(label, { exact: true })).toBeVisible();
    }
  });

  test('the chart of new users over the last 7 days is drawn with 7 points', async ({ page }) => {
    const admin = await adminSession();
    await register(`ch${uid()}`);
    const daily = await ok<Daily>('GET', '/admin/daily-user-stats', { token: admin.token });
    expect(daily.daily_stats).toHaveLength(7);
    const today = new Date().toISOString().slice(0, 10);
    expect(daily.daily_stats.at(-1)?.date).toBe(today);
    expect(daily.daily_stats.at(-1)?.new_users).toBeGreaterThanOrEqual(1);

    await signInAs(page, admin);
    await page.goto('/admin');
    const chart = page.getByTestId('daily-users-chart');
    await expect(chart.locator('svg.recharts-surface')).toBeVisible();
    await expect(chart.locator('.recharts-line-dots circle')).toHaveCount(7);
    await expect(chart.locator('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(7);
    // The same numbers, as a table for screen readers.
    const counts = page.getByTestId('daily-users-table').getByTestId('daily-users-count');
    await expect(counts).toHaveText(daily.daily_stats.map((d) => String(d.new_users)));
    await expectAccessible(page);
  });

  test('the chart is a lazily loaded chunk of its own', async ({ page }) => {
    const admin = await adminSession();
    // Hold the daily statistics back: the chart chunk must not be needed before they arrive.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/admin/daily-user-stats', async (route) => {
      await held;
      await route.fallback();
    });
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script' && r.url().includes('/remotes/admin/')) {
        scripts.push(r.url());
      }
    });
    await signInAs(page, admin);
    await page.goto('/admin');
    await expect(page.getByTestId('daily-users-loading')).toBeVisible();
    await expect(page.getByTestId('stat-total-users')).toHaveText(/^\d/);
    const beforeChart = scripts.length;
    release();
    await expect(page.getByTestId('daily-users-chart').locator('svg')).toBeVisible();
    expect(scripts.length).toBeGreaterThan(beforeChart);
  });

  test('a failed refresh shows Failed to load platform statistics and keeps the numbers', async ({
    page,
  }) => {
    await openAdmin(page);
    const users = page.getByTestId('stat-total-users');
    await expect(users).toHaveText(/^\d/);
    const shown = await users.textContent();
    await page.route('**/api/admin/stats', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByTestId('overview-refresh').click();
    await expect(page.getByTestId('stats-error')).toHaveText('Failed to load platform statistics');
    await expect(users).toHaveText(shown ?? '');
    await page.unroute('**/api/admin/stats');
    await page.getByTestId('overview-refresh').click();
    await expect(page.getByTestId('stats-error')).toHaveCount(0);
  });

  test('a failed chart load shows Failed to load daily user statistics with Retry', async ({
    page,
  }) => {
    await page.route('**/api/admin/daily-user-stats', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await openAdmin(page);
    const error = page.getByTestId('daily-users-error');
    await expect(error).toContainText('Failed to load daily user statistics');
    await page.unroute('**/api/admin/daily-user-stats');
    await error.getByRole('button', { name: 'Retry' }).click();
    await expect(
      page.getByTestId('daily-users-chart').locator('svg.recharts-surface'),
    ).toBeVisible();
  });
});
