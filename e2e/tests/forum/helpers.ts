import type { Page } from '@playwright/test';
import { api } from '../../api.js';
import { expectNoSeriousA11yViolations } from '../../axe.js';

/**
 * Data for the forum specs, created through the public API (like the product does). The stack of
 * the global setup runs with AUTH_RATE_LIMIT raised, so each spec may register its own users.
 */
export interface TestUser {
  id: string;
  username: string;
  token: string;
  refreshToken: string;
}

type Json = Record<string, unknown>;

export { api };

async function ok<T = Json>(
  method: string,
  path: string,
  options: Parameters<typeof api>[2] = {},
): Promise<T> {
  const res = await api<T>(method, path, options);
  if (res.status < 200 || res.status >= 300) {
    throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.json)}`);
  }
  return res.json;
}

let counter = 0;
/** A short unique suffix of letters and digits. */
export function uid(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export async function createUser(prefix = 'u'): Promise<TestUser> {
  const username = `${prefix}${uid()}`.slice(0, 40);
  const res = await ok<{ user: { id: string }; token: string; refreshToken: string }>(
    'POST',
    '/auth/register',
    { body: { username, email: `${username}@example.test`, password: 'Passw0rdPassw0rd' } },
  );
  return { id: res.user.id, username, token: res.token, refreshToken: res.refreshToken };
}

export interface TestCommunity {
  id: string;
  name: string;
}

/** The forum learns of a new user by event: retry briefly on the first write. */
async function retry<T>(fn: () => Promise<T>): Promise<T> {
  let last: unknown;
  for (let i = 0; i < 30; i++) {
    try {
      return await fn();
    } catch (err) {
      last = err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw last;
}

export async function createCommunity(
  user: TestUser,
  options: { name?: string; nsfw?: boolean; description?: string; rules?: string } = {},
): Promise<TestCommunity> {
  const name = options.name ?? `c_${uid()}`;
  const res = await retry(() =>
    ok<{ community: { id: string; name: string } }>('POST', '/communities', {
      token: user.token,
      body: {
        name,
        description: options.description ?? 'A community made by the forum e2e tests.',
        rules: options.rules ?? 'Be kind.\nNo spam.',
        is_nsfw: options.nsfw ?? false,
      },
    }),
  );
  return { id: res.community.id, name: res.community.name };
}

export async function join(user: TestUser, community: TestCommunity): Promise<void> {
  await retry(() => ok('POST', `/communities/${community.id}/join`, { token: user.token }));
}

export interface TestPost {
  id: string;
  title: string;
}

export async function createPost(
  user: TestUser,
  community: TestCommunity,
  options: { title?: string; content?: string; type?: 'text' | 'link' } = {},
): Promise<TestPost> {
  const title = options.title ?? `Post ${uid()}`;
  const res = await retry(() =>
    ok<{ post: { id: string } }>('POST', '/posts', {
      token: user.token,
      body: {
        title,
        content: options.content ?? `Body of ${title}`,
        type: options.type ?? 'text',
        community_id: community.id,
      },
    }),
  );
  return { id: res.post.id, title };
}

export async function createImagePost(
  user: TestUser,
  community: TestCommunity,
  title: string,
): Promise<TestPost> {
  const form = new FormData();
  form.append('title', title);
  form.append('content', 'An image description');
  form.append('type', 'image');
  form.append('community_id', community.id);
  form.append('image', new Blob([pngBytes()], { type: 'image/png' }), 'pic.png');
  const res = await ok<{ post: { id: string } }>('POST', '/posts', { token: user.token, form });
  return { id: res.post.id, title };
}

export async function createComment(
  user: TestUser,
  post: TestPost,
  content: string,
  parentId?: string,
): Promise<{ id: string }> {
  const res = await ok<{ comment: { id: string } }>('POST', '/comments', {
    token: user.token,
    body: { content, post_id: post.id, ...(parentId ? { parent_id: parentId } : {}) },
  });
  return { id: res.comment.id };
}

export { ok as apiOk };

/** Signs the page in as `user` before any script runs (tokens in local storage). */
export async function signInAs(page: Page, user: TestUser): Promise<void> {
  await page.addInitScript((t) => {
    localStorage.setItem('token', t.token);
    localStorage.setItem('refreshToken', t.refreshToken);
  }, user);
}

/** A valid 8x8 PNG (red), built without any image library. */
export function pngBytes(): Uint8Array<ArrayBuffer> {
  const source = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEklEQVR4nGP4z8CAFWEXHbQSACj/P8Fu7N9hAAAAAElFTkSuQmCC',
    'base64',
  );
  const bytes = new Uint8Array(source.length);
  bytes.set(source);
  return bytes;
}

/** Axe: no serious or critical violations. */
export const expectAccessible = (page: Page): Promise<void> => expectNoSeriousA11yViolations(page);
