import { expect, test, type Page } from '@playwright/test';
import { apiClient, type Api } from '../../scripts/lib/api-client.js';
import { startSystemStack, type SystemStack } from '../lib/system-stack.js';
import {
  FAULT_STACK_ENV,
  NotificationLedger,
  PASSWORD,
  attempt,
  expectCleanFailure,
  ok,
  register,
  restartAndWait,
  type User,
} from './support.js';
import { Forum, type Post } from './workload.js';

/**
 * Scenario 4: one service dies. The gateway answers 503 {error} for its paths while the others
 * keep working, and the browser shows the spec's error states (not a blank page) with a working
 * header, recovering after the restart. Identity down: a signed-in user keeps browsing (services
 * verify tokens with identity's public key, cached) and sign-in fails with a readable error.
 */
test.describe.serial('one service down, in the browser', () => {
  let stack: SystemStack;
  let api: Api;
  let author: User;
  let reader: User;
  let forum: Forum;
  let community: { id: string; name: string };
  let post: Post;

  const signInAs = async (page: Page, user: User) => {
    await page.addInitScript((t) => {
      localStorage.setItem('token', t.token);
      localStorage.setItem('refreshToken', t.refreshToken);
    }, user);
  };
  const header = (page: Page) => page.getByTestId('app-header');

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startSystemStack({ label: 'faults-ui', extraEnv: FAULT_STACK_ENV });
    api = apiClient(stack.gatewayUrl);
    author = await register(api, 'uiauthor');
    reader = await register(api, 'uireader');
    forum = new Forum(api, new NotificationLedger(), [author, reader]);
    community = await forum.createCommunity(author);
    await ok(api, 'POST', `/communities/${community.id}/join`, { token: reader.token });
    post = await forum.createPost(author, community.id);
    await forum.comment(reader, post);
    await forum.openConversation(author, reader);
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('forum down: 503 for its paths only; error states with Try Again, header works; recovers', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signInAs(page, reader);
    await page.goto(`${stack.gatewayUrl}/`);
    await expect(page.getByTestId('feed-list')).toContainText(post.title);

    await stack.kill('forum');

    // Through the gateway: forum's paths fail fast and cleanly ...
    for (const [method, path, body] of [
      ['GET', `/posts?community_id=${community.id}`, undefined],
      ['GET', `/posts/${post.id}`, undefined],
      ['GET', `/communities/name/${community.name}`, undefined],
      ['POST', '/comments', { content: 'While forum is down', post_id: post.id }],
      ['GET', `/auth/user/${author.username}/posts`, undefined],
    ] as const) {
      const res = await attempt(api, method, path, { token: reader.token, body });
      expect(res.status, `${method} ${path}`).toBe(503);
      expectCleanFailure(res, `${method} ${path}`);
      expect(res.ms, `${method} ${path} took ${Math.round(res.ms)} ms`).toBeLessThan(1000);
    }
    // ... while the other services' paths keep working.
    const login = await attempt<{ token: string }>(api, 'POST', '/auth/login', {
      body: { email: reader.username, password: PASSWORD, rememberMe: false },
    });
    expect(login.status).toBe(200);
    expect((await attempt(api, 'GET', '/auth/me', { token: reader.token })).status).toBe(200);
    expect((await attempt(api, 'GET', '/notifications', { token: reader.token })).status).toBe(200);
    expect(
      (await attempt(api, 'GET', '/messages/conversations', { token: reader.token })).status,
    ).toBe(200);

    // The home feed: the spec's error state with Try Again, inside a working shell.
    await page.reload();
    const feedError = page.getByTestId('posts-error');
    await expect(feedError).toContainText('Failed to load your feed');
    await expect(feedError.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(header(page).getByTestId('header-username')).toHaveText(reader.username);
    await expect(page.getByTestId('remote-fallback')).toHaveCount(0);

    // Community page and post page: their error states.
    await page.goto(`${stack.gatewayUrl}/c/${community.name}`);
    await expect(page.getByTestId('community-error')).toContainText('Failed to load community');
    await page.goto(`${stack.gatewayUrl}/post/${post.id}`);
    await expect(page.getByRole('alert').filter({ hasText: 'Failed to load post' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible();

    // The header works: notifications (messaging) open, the inbox (another remote) loads.
    await header(page).getByTestId('notifications-bell').click();
    await expect(page.getByTestId('notifications-dropdown')).toBeVisible();
    await expect(page.getByTestId('notification-item').first()).toBeVisible();
    await page.keyboard.press('Escape');
    await header(page).getByTestId('user-menu-trigger').click();
    await page.getByTestId('menu-inbox').click();
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);

    // Back to the community page, still failing; the restart lets Try Again recover it.
    await page.goto(`${stack.gatewayUrl}/c/${community.name}`);
    await expect(page.getByTestId('community-error')).toBeVisible();
    const restartMs = await restartAndWait(stack, 'forum');
    await page.getByTestId('community-error').getByRole('button', { name: 'Try Again' }).click();
    await expect(page.getByTestId('community-header')).toContainText(`c/${community.name}`);
    await expect(page.getByTestId('post-title').first()).toHaveText(post.title);
    // And the feed after a reload.
    await page.goto(`${stack.gatewayUrl}/`);
    await expect(page.getByTestId('feed-list')).toContainText(post.title);
    console.log(`[faults-ui] forum back (ready) ${restartMs} ms after its restart`);
  });

  test('identity down: signed-in browsing and writes go on with a valid token; sign-in fails cleanly', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    // Forum verifies tokens with identity's public key; make sure it has fetched it once.
    await ok(api, 'GET', '/communities/my', { token: reader.token });
    await stack.kill('identity');

    for (const [method, path, body] of [
      ['POST', '/auth/login', { email: reader.username, password: PASSWORD, rememberMe: false }],
      ['GET', '/auth/me', undefined],
      ['GET', `/auth/user/${author.username}`, undefined],
    ] as const) {
      const res = await attempt(api, method, path, { token: reader.token, body });
      expect(res.status, `${method} ${path}`).toBe(503);
      expectCleanFailure(res, `${method} ${path}`);
      expect(res.ms).toBeLessThan(1000);
    }
    // Forum and messaging still accept the (valid, unexpired) token.
    const comment = await attempt(api, 'POST', '/comments', {
      token: reader.token,
      body: { content: 'Identity is down, I can still comment', post_id: post.id },
    });
    expect(comment.status, JSON.stringify(comment.json)).toBe(201);
    expect((await attempt(api, 'GET', '/notifications', { token: author.token })).status).toBe(200);

    // In the browser the user stays signed in (identity from the token) and the feed loads.
    await signInAs(page, reader);
    await page.goto(`${stack.gatewayUrl}/`);
    await expect(page.getByTestId('feed-list')).toContainText(post.title);
    await expect(header(page).getByTestId('header-username')).toHaveText(reader.username);
    await page.goto(`${stack.gatewayUrl}/post/${post.id}`);
    await expect(page.getByTestId('post-detail-title')).toHaveText(post.title);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(reader.token);

    // Signing in shows the server's error (spec §8: its error field, else the fallback).
    const visitor = await browser.newPage();
    try {
      await visitor.goto(`${stack.gatewayUrl}/login`);
      await visitor.getByTestId('login-email').fill(reader.username);
      await visitor.getByTestId('login-password').fill(PASSWORD);
      await visitor.getByTestId('login-submit').click();
      await expect(visitor.getByTestId('login-error')).toContainText('Service unavailable');
      await expect(visitor).toHaveURL(/\/login$/);
      await expect(visitor.getByTestId('app-header').getByTestId('nav-signin')).toBeVisible();

      const restartMs = await restartAndWait(stack, 'identity');
      await visitor.getByTestId('login-submit').click();
      await expect(visitor.getByTestId('app-header').getByTestId('header-username')).toHaveText(
        reader.username,
      );
      console.log(`[faults-ui] identity back (ready) ${restartMs} ms after its restart`);
    } finally {
      await visitor.close();
    }
  });

  test('identity down while messaging restarts: its tokens get 503 (not 401), nobody is signed out', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await stack.kill('identity');
    // A fresh messaging process has never fetched identity's public key.
    await stack.kill('messaging');
    await restartAndWait(stack, 'messaging');

    // It cannot verify a token now; that is its dependency being down, not a bad token: a 401
    // would make every client refresh (identity is down too) and then sign its user out.
    const res = await attempt(api, 'GET', '/messages/conversations', { token: reader.token });
    expect(res.status, JSON.stringify(res.json)).toBe(503);
    expectCleanFailure(res, 'messaging without the key');
    expect(res.ms).toBeLessThan(6000);
    // A token that is bad on its face is still a 401.
    const bad = await attempt(api, 'GET', '/messages/conversations', { token: 'not-a-jwt' });
    expect(bad.status).toBe(401);

    // The browser keeps the session and shows the inbox's error state.
    await signInAs(page, reader);
    await page.goto(`${stack.gatewayUrl}/inbox`);
    await expect(page.getByTestId('conversations-error')).toContainText(
      'Failed to load conversations',
    );
    await expect(page).toHaveURL(/\/inbox$/);
    await expect(header(page).getByTestId('header-username')).toHaveText(reader.username);
    expect(await page.evaluate(() => localStorage.getItem('refreshToken'))).toBe(
      reader.refreshToken,
    );

    // Identity back: the same page recovers without signing in again.
    await restartAndWait(stack, 'identity');
    await page.reload();
    await expect(page.getByTestId('conversation-item')).toHaveCount(1);
    await expect(header(page).getByTestId('header-username')).toHaveText(reader.username);
  });

  test('stream service down: the badges update by polling; back: pushed again, polling stops', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const opened: number[] = [];
    const polls: string[] = [];
    page.on('response', (r) => {
      const url = new URL(r.url());
      if (url.pathname === '/api/stream' && r.status() === 200) opened.push(Date.now());
    });
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.endsWith('/unread-count')) polls.push(r.url());
    });
    const inboxCount = async () => {
      const label =
        (await header(page).getByTestId('user-menu-trigger').getAttribute('aria-label')) ?? '';
      return Number(/, (\d+) unread messages/.exec(label)?.[1] ?? 0);
    };
    const serverCount = async () =>
      (
        await ok<{ unreadCount: number }>(api, 'GET', '/messages/unread-count', {
          token: reader.token,
        })
      ).unreadCount;
    const send = (content: string) =>
      ok(api, 'POST', '/messages/conversations', {
        token: author.token,
        body: { recipientUsername: reader.username, subject: `Live ${content}`, content },
      });

    // The reconnect back-off and the 30 s polling run on a clock the test moves.
    await page.clock.install();
    await signInAs(page, reader);
    await page.goto(`${stack.gatewayUrl}/`);
    await expect.poll(() => opened.length).toBeGreaterThan(0);
    await send('while live');
    await expect.poll(inboxCount, { timeout: 2_000 }).toBe(await serverCount());

    await stack.kill('stream');
    // The gateway answers the reconnects 503; the header keeps working on the 30 s poll.
    const gone = await attempt(api, 'GET', '/stream', { token: reader.token });
    expect(gone.status).toBe(503);
    await send('while down');
    const expected = await serverCount();
    await expect
      .poll(
        async () => {
          await page.clock.fastForward('00:31');
          return inboxCount();
        },
        { timeout: 30_000 },
      )
      .toBe(expected);

    await restartAndWait(stack, 'stream');
    const before = opened.length;
    await expect
      .poll(
        async () => {
          await page.clock.fastForward('00:10');
          return opened.length;
        },
        { timeout: 30_000 },
      )
      .toBeGreaterThan(before);
    // Live again: a message shows within 2 s with no poll of the counters in between.
    polls.length = 0;
    await send('live again');
    await expect.poll(inboxCount, { timeout: 2_000 }).toBe(await serverCount());
    expect(polls, 'no polling while the stream is up').toEqual([]);
  });
});
