import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';

type Role = 'anonymous' | 'signedIn' | 'postAuthor' | 'author' | 'admin';
const ROLES: Role[] = ['anonymous', 'signedIn', 'postAuthor', 'author', 'admin'];

interface World {
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  post: string;
  /** A top-level comment by `author` with one reply. */
  comment: string;
}

type Action = [string, (w: World) => [string, string, unknown?]];
const ALL_200: Record<Role, number> = {
  anonymous: 200,
  signedIn: 200,
  postAuthor: 200,
  author: 200,
  admin: 200,
};
const SIGNED_IN_200 = { ...ALL_200, anonymous: 401 };
const AUTHOR_ONLY = { anonymous: 401, signedIn: 403, postAuthor: 403, author: 200, admin: 403 };

/** Spec §6 for comments: signed-in users write, authors edit and delete, admins get no more. */
const matrix: [Action, Record<Role, number>][] = [
  [
    ['comment', (w) => ['POST', '/api/comments', { content: 'hi', post_id: w.post }]],
    { ...SIGNED_IN_200, signedIn: 201, postAuthor: 201, author: 201, admin: 201 },
  ],
  [
    [
      'reply',
      (w) => ['POST', '/api/comments', { content: 'hi', post_id: w.post, parent_id: w.comment }],
    ],
    { ...SIGNED_IN_200, signedIn: 201, postAuthor: 201, author: 201, admin: 201 },
  ],
  [['list the post comments', (w) => ['GET', `/api/comments/post/${w.post}`]], ALL_200],
  [['list via the post path', (w) => ['GET', `/api/posts/${w.post}/comments`]], ALL_200],
  [['read the comment', (w) => ['GET', `/api/comments/${w.comment}`]], ALL_200],
  [['read the replies', (w) => ['GET', `/api/comments/${w.comment}/replies`]], ALL_200],
  [['edit', (w) => ['PUT', `/api/comments/${w.comment}`, { content: 'edited' }]], AUTHOR_ONLY],
  [['delete', (w) => ['DELETE', `/api/comments/${w.comment}`]], AUTHOR_ONLY],
  [['vote', (w) => ['POST', `/api/comments/${w.comment}/vote`, { vote_type: 1 }]], SIGNED_IN_200],
  [['read the vote', (w) => ['GET', `/api/comments/${w.comment}/vote`]], ALL_200],
  [['save', (w) => ['POST', `/api/comments/${w.comment}/save`]], SIGNED_IN_200],
  [['unsave', (w) => ['DELETE', `/api/comments/${w.comment}/save`]], SIGNED_IN_200],
  [['read saved', (w) => ['GET', `/api/comments/${w.comment}/saved`]], ALL_200],
  [['list saved comments', () => ['GET', '/api/comments/saved/my']], SIGNED_IN_200],
  [['list my comments', () => ['GET', '/api/auth/me/comments']], SIGNED_IN_200],
  [
    [
      'list a user’s comments',
      (w) => ['GET', `/api/auth/user/${w.users.author.username}/comments`],
    ],
    ALL_200,
  ],
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

async function freshWorld(): Promise<World> {
  const [signedIn, postAuthor, author, admin] = await Promise.all([
    h.user(),
    h.user(),
    h.user(),
    h.user(undefined, { isAdmin: true }),
  ]);
  const { post } = await communityWithPost(h, postAuthor);
  const top = await comment(h, author, post);
  await comment(h, signedIn, post, top.id);
  return { users: { signedIn, postAuthor, author, admin }, post, comment: top.id };
}

describe('comment permission matrix (spec §6)', () => {
  const cells = matrix.flatMap(([[label, request], expected]) =>
    ROLES.map((role) => [label, role, request, expected[role]] as const),
  );
  it.each(cells)('%s as %s', async (_label, role, request, status) => {
    const world = await freshWorld();
    const [method, path, body] = request(world);
    const as = role === 'anonymous' ? undefined : world.users[role];
    const res = await h.call(method, path, { ...(as ? { as } : {}), ...(body ? { body } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });
});
