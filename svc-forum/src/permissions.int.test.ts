import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommunityResponse, PostResponse } from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

type Role = 'anonymous' | 'signedIn' | 'member' | 'creator' | 'author' | 'admin';
const ROLES: Role[] = ['anonymous', 'signedIn', 'member', 'creator', 'author', 'admin'];

interface World {
  users: Record<Exclude<Role, 'anonymous'>, TestUser>;
  community: string;
  post: string;
}

type Action = [string, (w: World) => [string, string, unknown?]];

/**
 * Spec §6 as a table: the status each role gets for each action (fresh data per cell). The
 * creator is the owner, whose rights over the community the admin shares (EXTENSIONS §M1).
 */
const matrix: [Action, Record<Role, number>][] = [
  [
    ['create a community', () => ['POST', '/api/communities', communityBody(uniqueName('m'))]],
    { anonymous: 401, signedIn: 201, member: 201, creator: 201, author: 201, admin: 201 },
  ],
  [
    ['join', (w) => ['POST', `/api/communities/${w.community}/join`]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['leave', (w) => ['POST', `/api/communities/${w.community}/leave`]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 400, author: 200, admin: 200 },
  ],
  [
    [
      'edit the community',
      (w) => [
        'PUT',
        `/api/communities/${w.community}`,
        { description: 'New description here', rules: 'New rules' },
      ],
    ],
    { anonymous: 401, signedIn: 403, member: 403, creator: 200, author: 403, admin: 200 },
  ],
  [
    ['delete the community', (w) => ['DELETE', `/api/communities/${w.community}`]],
    { anonymous: 401, signedIn: 403, member: 403, creator: 200, author: 403, admin: 200 },
  ],
  [
    ['remove the logo', (w) => ['DELETE', `/api/communities/${w.community}/logo`]],
    { anonymous: 401, signedIn: 403, member: 403, creator: 200, author: 403, admin: 200 },
  ],
  [
    ['list my communities', () => ['GET', '/api/communities/my']],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['create a post', (w) => ['POST', '/api/posts', textPost(w.community)]],
    { anonymous: 401, signedIn: 403, member: 201, creator: 201, author: 201, admin: 403 },
  ],
  [
    ['read the post', (w) => ['GET', `/api/posts/${w.post}`]],
    { anonymous: 200, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['edit the post', (w) => ['PUT', `/api/posts/${w.post}`, { title: 'Edited', content: 'x' }]],
    { anonymous: 401, signedIn: 403, member: 403, creator: 403, author: 200, admin: 403 },
  ],
  [
    ['delete the post', (w) => ['DELETE', `/api/posts/${w.post}`]],
    { anonymous: 401, signedIn: 403, member: 403, creator: 403, author: 200, admin: 403 },
  ],
  [
    ['vote', (w) => ['POST', `/api/posts/${w.post}/vote`, { vote_type: 1 }]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['react', (w) => ['POST', `/api/posts/${w.post}/reactions`, { reaction_type: 'heart' }]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['save', (w) => ['POST', `/api/posts/${w.post}/save`]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['list saved posts', () => ['GET', '/api/posts/saved/my']],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['subscribe', (w) => ['POST', `/api/post-subscriptions/${w.post}`]],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['read the joined feed', () => ['GET', '/api/posts?feed=joined']],
    { anonymous: 401, signedIn: 200, member: 200, creator: 200, author: 200, admin: 200 },
  ],
  [
    ['list all communities (admin)', () => ['GET', '/api/admin/communities']],
    { anonymous: 401, signedIn: 403, member: 403, creator: 403, author: 403, admin: 200 },
  ],
];

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

async function freshWorld(): Promise<World> {
  const [signedIn, member, creator, author, admin] = await Promise.all([
    h.user(),
    h.user(),
    h.user(),
    h.user(),
    h.user(undefined, { isAdmin: true }),
  ]);
  const community = CommunityResponse.parse(
    (
      await h.call('POST', '/api/communities', {
        as: creator,
        body: communityBody(uniqueName('w')),
      })
    ).body,
  ).community.id;
  await h.call('POST', `/api/communities/${community}/join`, { as: member });
  await h.call('POST', `/api/communities/${community}/join`, { as: author });
  const post = PostResponse.parse(
    (await h.call('POST', '/api/posts', { as: author, body: textPost(community) })).body,
  ).post.id;
  return { users: { signedIn, member, creator, author, admin }, community, post };
}

describe('permission matrix (spec §6)', () => {
  const cells = matrix.flatMap(([[label, request], expected]) =>
    ROLES.map((role) => [label, role, request, expected[role]] as const),
  );
  it.each(cells)('%s as %s', async (_label, role, request, status) => {
    const world = await freshWorld();
    const [method, path, body] = request(world);
    const as = role === 'anonymous' ? undefined : world.users[role];
    const res = await h.call(method, path, { ...(as ? { as } : {}), ...(body ? { body } : {}) });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403 && path.startsWith('/api/admin')) {
      expect(res.body).toEqual({ error: 'Access denied. Admin privileges required.' });
    }
  });
});
