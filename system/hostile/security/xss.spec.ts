import { test, expect, type Page } from '@playwright/test';
import {
  adminSession,
  apiClient,
  createComment,
  createCommunity,
  createPost,
  expectErrorBody,
  hostile,
  join,
  signUp,
  startConversation,
  uniqueName,
  type Api,
  type Json,
  type Session,
} from './helpers.js';

/**
 * Stored XSS: script payloads in every user text field that is rendered (usernames and community
 * names are restricted to letters/digits/underscore and refused), then every page showing them is
 * rendered in Chromium with traps: a dialog fails, `window.__xss` is a setter that records any
 * write, CSP violations are collected (and reported), the DOM is scanned for inline handlers,
 * injected elements and javascript:/data: links. The payload's marker must be visible as text.
 */

/** Everything a stored payload might try; each field gets a unique marker in front. */
const PAYLOADS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload="window.__xss=1">',
  '\'><iframe src="javascript:window.__xss=1"></iframe>',
  '< img src=x onerror=window.__xss=1>',
  '<<b>script>window.__xss=1<</b>/script>',
  '<a href="javascript:window.__xss=1">click</a>',
  '[click](javascript:window.__xss=1)',
  'javascript:window.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  '&lt;img src=x onerror=window.__xss=1&gt;',
  '\\u003cscript\\u003ewindow.__xss=1\\u003c/script\\u003e',
  '\u003cimg src=x onerror=window.__xss=1\u003e',
  "{{constructor.constructor('window.__xss=1')()}}",
  '${alert(1)}',
].join(' ');

/**
 * Markdown (EXTENSIONS §F1): link and image forms with script schemes, entity and case tricks,
 * reference definitions, HTML inside a spoiler, and a remote image that must never load. Joined
 * with blank lines so each starts a block (reference definitions must).
 */
const MARKDOWN_PAYLOADS = [
  '[mdlink](javascript:window.__xss=1)',
  '[mdcase](JaVaScRiPt:window.__xss=1)',
  '[mdentity](jav&#x61;script:window.__xss=1)',
  '[mdspace]( javascript:window.__xss=1)',
  '[mddata](data:text/html,<script>window.__xss=1</script>)',
  '[mdvb](vbscript:msgbox(1))',
  '[mdref][evil]\n\n[evil]: javascript:window.__xss=1',
  '![mdimg](javascript:window.__xss=1)',
  '![mdremote](https://example.com/tracker.png)',
  '[![mdnested](x)](javascript:window.__xss=1)',
  '>!spoiler <img src=x onerror=window.__xss=1> [inner](javascript:window.__xss=1)!<',
  '**bold *nested [x](javascript:window.__xss=1)***',
  '`<script>window.__xss=1</script>`',
  '```\n<script>window.__xss=1</script>\n```',
].join('\n\n');

const SHORT_PAYLOAD =
  '<img src=x onerror="window.__xss=1">"><svg onload=window.__xss=1> javascript:window.__xss=1 &lt;b&gt;';

/** Link-post URLs that must never become a link (refused by the API, or neutralised in the UI). */
const BAD_LINKS = [
  'javascript:window.__xss=1',
  'JaVaScRiPt:window.__xss=1',
  ' javascript:window.__xss=1',
  'java\tscript:window.__xss=1',
  'javascript://example.com/%0Awindow.__xss=1',
  'data:text/html,<script>window.__xss=1</script>',
  'data:text/html;base64,PHNjcmlwdD53aW5kb3cuX194c3M9MTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/x',
  'https:javascript:window.__xss=1',
];

const MARKER_KEYS = [
  'description',
  'rules',
  'title',
  'content',
  'linkTitle',
  'comment',
  'reply',
  'onViewerPost',
  'subject',
  'message',
] as const;
type MarkerKey = (typeof MARKER_KEYS)[number];

interface World {
  api: Api;
  attacker: Session;
  viewer: Session;
  admin: Session;
  community: Json;
  textPost: Json;
  linkPost: Json;
  conversationId: string;
  markers: Record<MarkerKey, string>;
  acceptedBadLinks: string[];
}

let world: World;
const m = (field: string) => `XSS${field}${uniqueName('').slice(-6)}`;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const api = apiClient(hostile.baseUrl);
  const [attacker, viewer] = await Promise.all([signUp(api, 'xssatk'), signUp(api, 'xssview')]);
  const admin = await adminSession(api, hostile.baseUrl);
  const markers = Object.fromEntries(MARKER_KEYS.map((k) => [k, m(k.slice(0, 6))])) as Record<
    MarkerKey,
    string
  >;

  const community = await createCommunity(api, attacker, {
    description: `${markers.description} ${SHORT_PAYLOAD}`,
    rules: `${markers.rules} ${PAYLOADS}`,
  });
  const cid = String(community.id);
  await join(api, viewer, cid);
  const textPost = await createPost(api, attacker, cid, {
    title: `${markers.title} ${SHORT_PAYLOAD}`,
    content: `${markers.content} ${PAYLOADS}\n\n${MARKDOWN_PAYLOADS}`,
  });
  const linkPost = await createPost(api, attacker, cid, {
    title: `${markers.linkTitle} ${SHORT_PAYLOAD}`,
    type: 'link',
    content: "https://example.com/?q=\"><svg/onload=window.__xss=1>&x='onmouseover='window.__xss=1",
  });
  const acceptedBadLinks: string[] = [];
  for (const url of BAD_LINKS) {
    const r = await api<Json>('POST', '/posts', {
      token: attacker.token,
      body: { title: `${m('bad')} bad link`, content: url, type: 'link', community_id: cid },
    });
    if (r.status === 201) acceptedBadLinks.push(url);
    else {
      expect(r.status, `link ${JSON.stringify(url)}`).toBe(400);
      expect(r.json.error).toBe('Please provide a valid URL for link posts');
    }
  }
  const comment = await createComment(
    api,
    attacker,
    String(textPost.id),
    `${markers.comment} ${PAYLOADS}\n\n${MARKDOWN_PAYLOADS}`,
  );
  await createComment(
    api,
    attacker,
    String(textPost.id),
    `${markers.reply} ${PAYLOADS}`,
    String(comment.id),
  );
  // A reply to the viewer's own post lands in the viewer's notifications.
  const viewerPost = await createPost(api, viewer, cid, { title: 'Viewer post' });
  await createComment(
    api,
    attacker,
    String(viewerPost.id),
    `${markers.onViewerPost} ${SHORT_PAYLOAD}`,
  );
  for (const path of [
    `/posts/${String(textPost.id)}/save`,
    `/comments/${String(comment.id)}/save`,
  ]) {
    expect((await api('POST', path, { token: viewer.token })).status).toBe(200);
  }
  const conversation = await startConversation(
    api,
    attacker,
    viewer,
    `${markers.subject} ${SHORT_PAYLOAD}`,
    `${markers.message} ${PAYLOADS}\nsecond line\n\n${MARKDOWN_PAYLOADS}`,
  );
  world = {
    api,
    attacker,
    viewer,
    admin,
    community,
    textPost,
    linkPost,
    conversationId: String(conversation.id),
    markers,
    acceptedBadLinks,
  };
  if (acceptedBadLinks.length) {
    console.log(
      `[xss] link URLs the API accepted (the UI must neutralise): ${acceptedBadLinks.join(' | ')}`,
    );
  }
});

test('usernames and community names carrying markup are refused', async () => {
  const api = apiClient(hostile.baseUrl);
  for (const username of [
    '<img src=x onerror=alert(1)>',
    'a"><svg onload=alert(1)>',
    'java script:x',
    'ab<script>',
  ]) {
    const r = await api<Json>('POST', '/auth/register', {
      body: { username, email: `${uniqueName('xu')}@example.test`, password: 'Secur1tyPass' },
    });
    expect(r.status, username).toBe(400);
    expectErrorBody(r, username);
  }
  for (const name of ['<script>x</script>', 'a"><svg>', 'java script', 'x/../y']) {
    const r = await api<Json>('POST', '/communities', {
      token: world.attacker.token,
      body: {
        name,
        description: 'A long enough description.',
        rules: 'Rules here',
        is_nsfw: false,
      },
    });
    expect(r.status, name).toBe(400);
    expectErrorBody(r, name);
  }
});

/** Signs `who` in for this page (a fresh session: refresh tokens rotate) and arms the traps. */
async function open(page: Page, who: Session | 'visitor') {
  const dialogs: string[] = [];
  const cspConsole: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(`${d.type()}: ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (msg) => {
    if (/Content Security Policy/i.test(msg.text())) cspConsole.push(msg.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __xssHits: string[] };
    w.__xssHits = [];
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => undefined,
      set: (v: unknown) => {
        w.__xssHits.push(`window.__xss = ${String(v)}`);
      },
    });
    document.addEventListener('securitypolicyviolation', (e) => {
      w.__xssHits.push(`CSP blocked ${e.violatedDirective}: ${e.blockedURI} ${e.sample}`);
    });
  });
  if (who !== 'visitor') {
    const login = await world.api<Json>('POST', '/auth/login', {
      body: { email: who.username, password: who.password, rememberMe: false },
    });
    expect(login.status).toBe(200);
    const tokens = {
      token: String(login.json.token),
      refreshToken: String(login.json.refreshToken),
    };
    await page.addInitScript((t) => {
      localStorage.setItem('token', t.token);
      localStorage.setItem('refreshToken', t.refreshToken);
    }, tokens);
  }

  return {
    async goto(path: string) {
      await page.goto(`${hostile.baseUrl}${path}`);
    },
    /** Runs after the page has shown what it should; every trap must be quiet. */
    async verify(where: string) {
      await page.waitForTimeout(300); // let late handlers (onerror of a failed image) fire
      const report = await page.evaluate(() => {
        const problems: string[] = [];
        for (const el of Array.from(document.querySelectorAll('*'))) {
          for (const attr of Array.from(el.attributes)) {
            if (/^on/i.test(attr.name)) problems.push(`<${el.localName} ${attr.name}>`);
            if (/^(href|src|action|formaction|xlink:href|data)$/i.test(attr.name)) {
              const v = attr.value.replace(/[\s\0]/g, '').toLowerCase();
              if (/^(javascript|vbscript|data:text|file):/.test(v) || v.startsWith('data:text')) {
                problems.push(`<${el.localName} ${attr.name}="${attr.value}">`);
              }
            }
          }
        }
        for (const a of Array.from(document.querySelectorAll('a[href]'))) {
          const href = (a as HTMLAnchorElement).href;
          if (!/^https?:/.test(href)) problems.push(`link to ${href}`);
        }
        // No remote images (EXTENSIONS §F1): every image is the site's own (avatars, logos).
        for (const img of Array.from(document.querySelectorAll('img[src]'))) {
          const src = (img as HTMLImageElement).src;
          if (new URL(src).origin !== location.origin) problems.push(`remote image ${src}`);
        }
        for (const sel of [
          'iframe',
          'object',
          'embed',
          'img[src="x"]',
          'svg[onload]',
          'script:not([src])',
          'base',
          'form[action^="javascript"]',
        ]) {
          const n = document.querySelectorAll(sel).length;
          if (n) problems.push(`${n} x ${sel}`);
        }
        const w = window as unknown as { __xssHits: string[] };
        return { problems, hits: w.__xssHits, text: document.body.innerText };
      });
      const reported = [...report.hits, ...cspConsole];
      if (reported.length) console.log(`[xss] ${where}: ${reported.join(' | ')}`);
      expect(dialogs, `${where}: dialogs`).toEqual([]);
      expect(report.hits, `${where}: script ran or was blocked by the CSP`).toEqual([]);
      expect(cspConsole, `${where}: CSP errors on the console`).toEqual([]);
      expect(report.problems, `${where}: dangerous DOM`).toEqual([]);
      return report.text;
    },
  };
}

/** Newest first where the page has a sort switch (the sweep's posts are the newest). */
async function sortNew(page: Page) {
  const button = page.getByRole('button', { name: /^New$/ }).first();
  if (await button.isVisible()) await button.click();
}

/** The marker is shown as text, and the text parts of the payload with it, never as markup. */
function expectShownAsText(text: string, marker: string, where: string) {
  expect(text, `${where}: ${marker} visible`).toContain(marker);
}

test('home, signed in (feed) and signed out (recent discussions)', async ({ page, browser }) => {
  const p = await open(page, world.viewer);
  await p.goto('/');
  await expect(page.getByText(world.markers.title).first()).toBeVisible();
  const text = await p.verify('home (signed in)');
  expectShownAsText(text, world.markers.title, 'home');

  const ctx = await browser.newContext();
  const anon = await ctx.newPage();
  const v = await open(anon, 'visitor');
  await v.goto('/');
  await expect(anon.getByText(/Recent Discussions/i).first()).toBeVisible();
  await sortNew(anon);
  await v.verify('home (signed out)');
  await v.goto('/communities');
  await expect(anon.getByText(/communities/i).first()).toBeVisible();
  await v.verify('communities list');
  await ctx.close();
});

test('community page with description, rules and posts', async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto(`/c/${String(world.community.name)}`);
  await expect(page.getByText(world.markers.description).first()).toBeVisible();
  await page.getByRole('button', { name: 'View Rules' }).click();
  await expect(page.getByText(world.markers.rules).first()).toBeVisible();
  await sortNew(page);
  await expect(page.getByText(world.markers.title).first()).toBeVisible();
  const text = await p.verify('community page');
  expectShownAsText(text, world.markers.rules, 'community rules');
  expect(text, 'entities are not decoded into markup').toContain('&lt;img');
});

test('post detail with nested comments', async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto(`/post/${String(world.textPost.id)}`);
  await expect(page.getByText(world.markers.content).first()).toBeVisible();
  await expect(page.getByText(world.markers.reply).first()).toBeVisible();
  const text = await p.verify('post detail');
  for (const key of ['title', 'content', 'comment', 'reply'] as const) {
    expectShownAsText(text, world.markers[key], `post detail ${key}`);
  }
  expect(text).toContain('javascript:window.__xss=1');
  // Markdown links with a refused scheme show their text, never an anchor (verify checks hrefs).
  for (const label of ['click', 'mdlink', 'mdcase', 'mdentity', 'mdref', 'mdimg', 'mdremote']) {
    expect(text, `${label} shown as text`).toContain(label);
  }
  // A spoiler's content (with its payload) stays text once revealed.
  // The rendered content's spoiler toggles (the editor's toolbar has a Spoiler button too).
  const closed = page.locator('.rt-spoiler__toggle[aria-expanded="false"]');
  expect(await closed.count(), 'the spoilers render as toggles').toBeGreaterThan(0);
  for (let left = await closed.count(); left > 0; left--) await closed.first().click();
  await expect(closed).toHaveCount(0);
  await p.verify('post detail, spoilers revealed');
});

test('link posts: only http(s) hrefs, the quoted URL stays inside its attribute', async ({
  page,
}) => {
  const p = await open(page, world.viewer);
  await p.goto(`/post/${String(world.linkPost.id)}`);
  await expect(page.getByText(world.markers.linkTitle).first()).toBeVisible();
  const hrefs = await page
    .locator('a[href*="example.com"]')
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(hrefs.length, 'the link is rendered').toBeGreaterThan(0);
  for (const href of hrefs) expect(new URL(href).hostname).toBe('example.com');
  await p.verify('link post');
  // Any bad link the API let through must not become an href on the community page either.
  await p.goto(`/c/${String(world.community.name)}`);
  await sortNew(page);
  await expect(page.getByText(world.markers.linkTitle).first()).toBeVisible();
  await p.verify('community page with link posts');
});

test("the attacker's profile: posts and comments tabs", async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto(`/u/${world.attacker.username}`);
  await expect(page.getByText(world.markers.title).first()).toBeVisible();
  await p.verify('profile posts');
  await page
    .getByRole('tab', { name: 'Comments' })
    .or(page.getByRole('button', { name: 'Comments' }))
    .first()
    .click();
  await expect(page.getByText(world.markers.comment).first()).toBeVisible();
  await p.verify('profile comments');
});

test('saved posts and comments', async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto('/saved');
  await expect(page.getByText(world.markers.title).first()).toBeVisible();
  await p.verify('saved posts');
  await page.getByText('Saved Comments').first().click();
  await expect(page.getByText(world.markers.comment).first()).toBeVisible();
  await p.verify('saved comments');
});

test('inbox list and conversation', async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto('/inbox');
  await expect(page.getByText(world.markers.subject).first()).toBeVisible();
  await p.verify('inbox list');
  await p.goto(`/inbox/${world.conversationId}`);
  await expect(page.getByText(world.markers.message).first()).toBeVisible();
  const text = await p.verify('conversation');
  expectShownAsText(text, world.markers.message, 'message');
  expect(text).toContain('javascript:window.__xss=1');
});

test('notifications dropdown', async ({ page }) => {
  const p = await open(page, world.viewer);
  await p.goto('/communities');
  await page
    .getByRole('button', { name: /^Notifications/ })
    .first()
    .click();
  await expect(page.getByText(world.markers.onViewerPost).first()).toBeVisible();
  await p.verify('notifications dropdown');
});

test('admin dashboard: users and communities', async ({ page }) => {
  const p = await open(page, world.admin);
  await p.goto('/admin');
  await page.getByRole('tab', { name: 'Users' }).click();
  await expect(page.getByText(/@example\.test/).first()).toBeVisible();
  await p.verify('admin users');
  await page.getByRole('tab', { name: 'Communities' }).click();
  await expect(page.locator('[data-testid="community-row"]').first()).toBeVisible();
  await p.verify('admin communities');
});
