import { test, expect } from '@playwright/test';
import { DELETED_AUTHOR, routes } from '@forum/contracts';
import {
  adminSession,
  apiClient,
  createComment,
  createCommunity,
  createPost,
  eventually,
  hostile,
  imageForm,
  join,
  PNG_1X1,
  signUp,
  startConversation,
  type Api,
  type Json,
  type Session,
} from './helpers.js';

/**
 * EXTENSIONS §B2, issue 20's deletion test across the whole stack: after DELETE /api/auth/me no
 * answer of any public read route carries the deleted user's email or avatar, their remaining
 * posts and comments show `[deleted]`, and their tokens fail at every service.
 */

let api: Api;
let doomed: Session;
let other: Session;
let admin: Session;
let avatarUrl: string;
const ids = {} as {
  community: Json;
  ownCommunity: Json;
  post: Json;
  comment: Json;
  conversation: string;
};
const WORD = `erasable${Date.now().toString(36)}`;

test.beforeAll(async () => {
  api = apiClient(hostile.baseUrl);
  [doomed, other] = await Promise.all([signUp(api, 'doomed'), signUp(api, 'witness')]);
  admin = await adminSession(api, hostile.baseUrl);

  const up = await api<Json>('POST', '/auth/avatar', {
    token: doomed.token,
    form: imageForm('avatar', PNG_1X1, 'me.png', 'image/png'),
  });
  expect(up.status, JSON.stringify(up.json)).toBe(200);
  avatarUrl = String(up.json.avatar_url);

  ids.community = await createCommunity(api, other);
  ids.ownCommunity = await createCommunity(api, doomed);
  await join(api, doomed, String(ids.community.id));
  ids.post = await createPost(api, doomed, String(ids.community.id), { title: `Post ${WORD}` });
  ids.comment = await createComment(api, doomed, String(ids.post.id), `Comment ${WORD}`);
  await createComment(
    api,
    other,
    String(ids.post.id),
    'A reply that stays',
    String(ids.comment.id),
  );
  const started = await startConversation(api, doomed, other, `Hello ${WORD}`, 'First message');
  ids.conversation = String((started.conversation as Json).id);

  const gone = await api<Json>('DELETE', '/auth/me', {
    token: doomed.token,
    body: { password: doomed.password, delete_content: false },
  });
  expect(gone.status, JSON.stringify(gone.json)).toBe(200);
});

test('the deleted account signs in nowhere and its tokens fail at every service', async () => {
  const login = await api('POST', '/auth/login', {
    body: { email: doomed.email, password: doomed.password, rememberMe: false },
  });
  expect(login.status).toBe(401);
  const refresh = await api('POST', '/auth/refresh', {
    body: { refreshToken: doomed.refreshToken },
  });
  expect(refresh.status).toBe(401);
  // identity at once; forum and messaging as soon as their directory replicas hear of it.
  for (const path of [
    '/auth/me',
    '/communities/my',
    '/messages/conversations',
    '/auth/me/export',
  ]) {
    await eventually(`GET ${path} refuses the token`, async () =>
      (await api('GET', path, { token: doomed.token })).status === 401 ? true : undefined,
    );
  }
  const again = await api('POST', '/auth/register', {
    body: { username: doomed.username, email: `x${doomed.email}`, password: doomed.password },
  });
  expect(again.status, 'the username stays reserved').toBe(409);
});

test('remaining posts, comments and conversations show [deleted]', async () => {
  await eventually('the post shows [deleted]', async () => {
    const r = await api<Json>('GET', `/posts/${String(ids.post.id)}`);
    return (r.json.post as Json)?.author_username === DELETED_AUTHOR ? true : undefined;
  });
  const comment = await api<Json>('GET', `/comments/${String(ids.comment.id)}`);
  expect((comment.json.comment as Json).author_username).toBe(DELETED_AUTHOR);
  expect((comment.json.comment as Json).content).toBe(`Comment ${WORD}`);
  await eventually("the other side's inbox shows [deleted]", async () => {
    const r = await api<Json>('GET', `/messages/conversations/${ids.conversation}`, {
      token: other.token,
    });
    return r.json.other_username === DELETED_AUTHOR ? true : undefined;
  });
});

/** Every public read route of the contracts, with its path parameters filled from the set-up. */
function readCalls(): string[] {
  const value = (path: string, param: string): string | undefined => {
    if (param === 'username') return doomed.username;
    if (param === 'userId') return doomed.id;
    if (param === 'name') return String(ids.community.name);
    if (param === 'postId') return String(ids.post.id);
    if (path.startsWith('/api/communities/')) return String(ids.community.id);
    if (path.startsWith('/api/posts/')) return String(ids.post.id);
    if (path.startsWith('/api/comments/')) return String(ids.comment.id);
    if (path.startsWith('/api/messages/conversations/')) return ids.conversation;
    return undefined; // elections: none in this set-up
  };
  const calls: string[] = [];
  for (const route of routes) {
    // The event stream never ends (it is read by firstStreamEvent elsewhere).
    if (route.method !== 'get' || route.internal || route.eventStream) continue;
    if (route.path === '/api/auth/me/export') continue;
    let missing = false;
    const path = route.path.replace(/\{(\w+)\}/g, (_m, p: string) => {
      const v = value(route.path, p);
      if (v === undefined) missing = true;
      return encodeURIComponent(v ?? '');
    });
    if (missing) continue;
    const query = route.path.startsWith('/api/search/') ? `?q=${WORD}` : '';
    calls.push(`${path.replace(/^\/api/, '')}${query}`);
  }
  // Both communities' pages too (the deleted user owned one).
  calls.push(`/communities/id/${String(ids.ownCommunity.id)}`);
  calls.push(`/communities/${String(ids.ownCommunity.id)}/moderators`);
  calls.push(`/search/users?q=${doomed.username.slice(0, 6)}`);
  return calls;
}

test('no read route answers with the email or the avatar of the deleted account', async () => {
  // Wait until forum and messaging have applied it (the checks above may run in any order).
  await eventually('the post shows [deleted]', async () => {
    const r = await api<Json>('GET', `/posts/${String(ids.post.id)}`);
    return (r.json.post as Json)?.author_username === DELETED_AUTHOR ? true : undefined;
  });
  const avatarFile = avatarUrl.split('/').pop() ?? avatarUrl;
  const calls = readCalls();
  expect(calls.length).toBeGreaterThan(40);
  for (const caller of [undefined, other, admin]) {
    await Promise.all(
      calls.map(async (path) => {
        const r = await api('GET', path, caller ? { token: caller.token } : {});
        const who = caller?.username ?? 'visitor';
        expect(r.status, `${who} GET ${path}`).toBeLessThan(500);
        const text = JSON.stringify(r.json).toLowerCase();
        expect(text, `${who} GET ${path} carries the email`).not.toContain(
          doomed.email.toLowerCase(),
        );
        expect(text, `${who} GET ${path} carries the avatar`).not.toContain(
          avatarFile.toLowerCase(),
        );
      }),
    );
  }
  // The avatar file itself is gone.
  const file = await fetch(new URL(avatarUrl, hostile.baseUrl));
  expect(file.status).toBe(404);
});
