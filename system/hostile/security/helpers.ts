import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { ensureUser, type SignedInUser } from '../../../scripts/lib/seed.js';
import {
  apiClient,
  eventually,
  uniqueName,
  type Api,
  type ApiResult,
} from '../../../scripts/lib/api-client.js';

export type Json = Record<string, unknown>;

/** The shared hostile stack (hostile/global-setup.ts). */
export const hostile = {
  get baseUrl(): string {
    const url = process.env.HOSTILE_BASE_URL;
    if (!url) throw new Error('HOSTILE_BASE_URL is not set: the global setup did not run');
    return url;
  },
  /** The stack's data dir (media lives under <dataDir>/<service>/media). */
  get dataDir(): string {
    const dir = process.env.HOSTILE_DATA_DIR;
    if (!dir) throw new Error('HOSTILE_DATA_DIR is not set: the global setup did not run');
    return dir;
  },
};

/** A registered, signed-in user of the sweep. */
export type Session = SignedInUser;

export const PASSWORD = 'Secur1tyPass';

/** Registers a fresh user (letters and digits only) and waits until the forum knows them. */
export async function signUp(api: Api, prefix: string): Promise<Session> {
  const username = uniqueName(prefix);
  const email = `${username.toLowerCase()}@example.test`;
  const res = await api<Json>('POST', '/auth/register', {
    body: { username, email, password: PASSWORD },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  const user = res.json.user as Json;
  const session: Session = {
    id: String(user.id),
    username,
    email,
    password: PASSWORD,
    token: String(res.json.token),
    refreshToken: String(res.json.refreshToken),
  };
  await waitForDirectory(api, session);
  return session;
}

/** The forum and messaging learn of a new user by event; wait until both answer for them. */
export async function waitForDirectory(api: Api, s: Session): Promise<void> {
  await eventually(`forum directory has ${s.username}`, async () => {
    const r = await api('GET', `/auth/user/${s.username}/posts`);
    return r.status === 200 ? true : undefined;
  });
}

/** The admin (ADMIN_USERNAME default `admin`), registered or signed in like the seed does. */
export async function adminSession(api: Api, baseUrl: string): Promise<Session> {
  const seeded = await ensureUser(baseUrl, 'admin');
  // A fresh session of our own (refresh tokens rotate; never share one with other specs).
  const login = await api<Json>('POST', '/auth/login', {
    body: { email: 'admin', password: seeded.password, rememberMe: false },
  });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const user = login.json.user as Json;
  return {
    id: String(user.id),
    username: 'admin',
    email: String(user.email ?? 'admin@example.test'),
    password: seeded.password,
    token: String(login.json.token),
    refreshToken: String(login.json.refreshToken),
  };
}

/** Creates a community as `owner` (retrying while the forum has not seen the user yet). */
export async function createCommunity(
  api: Api,
  owner: Session,
  fields: Partial<{ name: string; description: string; rules: string; is_nsfw: boolean }> = {},
): Promise<Json> {
  const body = {
    name: fields.name ?? uniqueName('sec_c').slice(0, 30),
    description: fields.description ?? 'A community for the security sweep.',
    rules: fields.rules ?? 'Be kind.',
    is_nsfw: fields.is_nsfw ?? false,
  };
  return eventually('community created', async () => {
    const r = await api<Json>('POST', '/communities', { token: owner.token, body });
    if (r.status === 201) return r.json.community as Json;
    if (r.status >= 500 || r.status === 401) return undefined;
    throw new Error(`POST /communities answered ${r.status} ${JSON.stringify(r.json)}`);
  });
}

export async function join(api: Api, user: Session, communityId: string): Promise<void> {
  const r = await api('POST', `/communities/${communityId}/join`, { token: user.token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
}

export async function createPost(
  api: Api,
  author: Session,
  communityId: string,
  fields: Partial<{ title: string; content: string; type: string }> = {},
): Promise<Json> {
  const r = await api<Json>('POST', '/posts', {
    token: author.token,
    body: {
      title: fields.title ?? 'Security sweep post',
      content: fields.content ?? 'Body of the post.',
      type: fields.type ?? 'text',
      community_id: communityId,
    },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.post as Json;
}

export async function createComment(
  api: Api,
  author: Session,
  postId: string,
  content: string,
  parentId?: string,
): Promise<Json> {
  const r = await api<Json>('POST', '/comments', {
    token: author.token,
    body: { content, post_id: postId, ...(parentId ? { parent_id: parentId } : {}) },
  });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json.comment as Json;
}

export async function startConversation(
  api: Api,
  from: Session,
  to: Session,
  subject: string,
  content: string,
): Promise<Json> {
  return eventually('conversation started', async () => {
    const r = await api<Json>('POST', '/messages/conversations', {
      token: from.token,
      body: { recipientUsername: to.username, subject, content },
    });
    if (r.status === 201) return r.json;
    if (r.status === 404) return undefined; // messaging has not seen the recipient yet
    throw new Error(`POST /messages/conversations answered ${r.status} ${JSON.stringify(r.json)}`);
  });
}

/** Error bodies are `{ error: string }` with a non-empty text. */
export function expectErrorBody(res: ApiResult<unknown>, what: string): void {
  const body = res.json as Json;
  expect(typeof body.error, `${what}: error body ${JSON.stringify(body)}`).toBe('string');
  expect(String(body.error).length, what).toBeGreaterThan(0);
}

/** All files under <dataDir>/<service>/media (avatars, logos, post images). */
export function mediaFiles(dataDir: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(full);
    }
  };
  for (const service of ['identity', 'forum', 'messaging']) {
    walk(path.join(dataDir, service, 'media'));
  }
  return out.sort();
}

/** A tiny valid PNG (1x1, red) as produced by any encoder. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export function imageForm(field: string, bytes: Uint8Array, filename: string, type: string) {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), filename);
  return form;
}

export { apiClient, eventually, uniqueName, type Api, type ApiResult };

/**
 * GET /api/stream (EXTENSIONS §L) read up to its first event, then closed: `json` is the error
 * body of a refusal, or `{event, data}` of the first event (a signed-in stream starts with its
 * `unread` counts). A post stream for a visitor sends nothing at first: `{event: null}` then.
 */
export async function firstStreamEvent(
  query: string,
  token: string | undefined,
  waitMs = 3_000,
): Promise<ApiResult<Json>> {
  const started = performance.now();
  const abort = new AbortController();
  const res = await fetch(`${hostile.baseUrl}/api/stream${query}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: abort.signal,
  });
  const result = (json: Json): ApiResult<Json> => ({
    status: res.status,
    json,
    headers: res.headers,
    ms: performance.now() - started,
  });
  if (res.status !== 200) return result((await res.json()) as Json);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const timer = setTimeout(() => abort.abort(), waitMs);
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
      const block = /(?:^|\n)event: (\w+)\ndata: (.*)\n\n/.exec(text);
      if (block) return result({ event: block[1]!, data: JSON.parse(block[2]!) as Json });
    }
  } catch (err) {
    if (!abort.signal.aborted) throw err;
  } finally {
    clearTimeout(timer);
    abort.abort();
  }
  return result({ event: null });
}
