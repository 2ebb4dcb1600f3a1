/**
 * Seeds data through the public API (the same path the product uses), so it works on the dev DB
 * and on a real MongoDB alike, and exercises identity -> forum events on the way.
 */
import { apiClient } from './api-client.js';

export interface SeededUser {
  id: string;
  username: string;
  password: string;
  token: string;
  refreshToken: string;
}

/** A seeded user whose email is known too (the system suites sign in and compare with it). */
export interface SignedInUser extends SeededUser {
  email: string;
}

export interface SeedResult {
  user: SeededUser;
  community: { id: string; name: string };
  posts: { id: string; title: string }[];
}

export class SeedError extends Error {}

type Json = Record<string, unknown>;

function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: Json }> {
  return apiClient(baseUrl)<Json>(method, path, {
    ...(body === undefined ? {} : { body }),
    ...(token ? { token } : {}),
  });
}

function expectOk(what: string, res: { status: number; json: Json }): Json {
  if (res.status < 200 || res.status >= 300) {
    throw new SeedError(
      `${what} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`,
    );
  }
  return res.json;
}

/** Retries an action a few times: the forum may see a new user only once its event arrived. */
async function retry<T>(action: () => Promise<T>, attempts = 20, delayMs = 250): Promise<T> {
  let last: unknown;
  for (let i = 0; i < attempts; i++) {
    try {
      return await action();
    } catch (error) {
      last = error;
      await new Promise((r) => setTimeout(r, delayMs));
    }
  }
  throw last;
}

/** Registers a user (or logs in when it exists) and returns its tokens. */
export async function ensureUser(
  baseUrl: string,
  username: string,
  password = 'Passw0rdPassw0rd',
): Promise<SeededUser> {
  const email = `${username.toLowerCase()}@example.test`;
  const reg = await call(baseUrl, 'POST', '/auth/register', { username, email, password });
  let body = reg.json;
  if (reg.status === 409 || typeof body.token !== 'string') {
    const login = await call(baseUrl, 'POST', '/auth/login', {
      email: username,
      password,
      rememberMe: false,
    });
    if (login.status < 200 || login.status >= 300) {
      throw new SeedError(
        `cannot get a user: POST /api/auth/register answered ${reg.status} ` +
          `${JSON.stringify(reg.json).slice(0, 200)}, then POST /api/auth/login answered ` +
          `${login.status} ${JSON.stringify(login.json).slice(0, 200)}`,
      );
    }
    body = login.json;
  } else {
    expectOk('POST /api/auth/register', reg);
  }
  const user = (body.user ?? {}) as Json;
  if (typeof body.token !== 'string') throw new SeedError('login returned no token');
  return {
    id: String(user.id ?? ''),
    username,
    password,
    token: body.token,
    refreshToken: String(body.refreshToken ?? ''),
  };
}

export interface SeedOptions {
  username?: string;
  /** An already signed-in user to post as (else `username` is registered or logged in). */
  user?: SeededUser;
  communityName?: string;
  posts?: number;
  /** Title of post i (0-based). */
  title?: (i: number) => string;
  concurrency?: number;
}

export async function seedForum(baseUrl: string, options: SeedOptions = {}): Promise<SeedResult> {
  const user = options.user ?? (await ensureUser(baseUrl, options.username ?? 'seeduser'));
  const name = options.communityName ?? `seed_${Date.now().toString(36)}`;
  const community = await retry(async () => {
    const created = await call(
      baseUrl,
      'POST',
      '/communities',
      {
        name,
        description: 'Seeded community for tests and benchmarks.',
        rules: 'Be kind to each other.',
        is_nsfw: false,
      },
      user.token,
    );
    const json = expectOk('POST /api/communities', created);
    const c = json.community as Json | undefined;
    if (!c || typeof c.id !== 'string') throw new SeedError('no community in the answer');
    return { id: c.id, name };
  });
  // The creator is normally a member already; joining again is harmless if not.
  await call(baseUrl, 'POST', `/communities/${community.id}/join`, {}, user.token);

  const count = options.posts ?? 2;
  const title = options.title ?? ((i: number) => `Seeded post ${i + 1}`);
  const posts: { id: string; title: string }[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const t = title(i);
      const post = await retry(async () => {
        const json = expectOk(
          'POST /api/posts',
          await call(
            baseUrl,
            'POST',
            '/posts',
            { title: t, content: `Body of ${t}.`, type: 'text', community_id: community.id },
            user.token,
          ),
        );
        const p = json.post as Json | undefined;
        if (!p || typeof p.id !== 'string') throw new SeedError('no post in the answer');
        return { id: p.id, title: t };
      }, 5);
      posts[i] = post;
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency ?? 8, count) }, worker));
  return { user, community, posts };
}
