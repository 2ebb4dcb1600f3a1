import { AVATAR_MAX_BYTES } from '@forum/contracts';
import { uniqueName } from '../../../scripts/lib/api-client.js';
import type { Baseline } from '../../lib/fuzz/variants.js';
import type { Fixtures, UserKey } from './fixtures.js';
import { endNominations } from '../election-clock.js';
import { searchBaselines } from './search-baselines.js';
import { safetyBaselines } from './safety-baselines.js';

export type Caller = UserKey | 'anon';

/** How one public route is called validly, by whom, and who must be turned away. */
export interface RouteBaseline {
  /** The right caller (anon for the open auth routes). */
  as: Caller;
  /** A signed-in caller who is not the right one (not the owner, not a member, not the admin). */
  wrong: Caller;
  /** The wrong caller must be refused (owner-only, participant-only, creator rules). */
  wrongRefused?: boolean;
  /**
   * The handler runs bcrypt (cost 12, ~0.3 s of CPU) for most variants: sent four at a time, so a
   * queue on this 2-core machine is not mistaken for a hang.
   */
  costly?: boolean;
  /** Statuses of the valid request. */
  expect: number[];
  /** Builds the valid request; called once per route (destructive routes make their own data). */
  build(fx: Fixtures): Baseline | Promise<Baseline>;
}

const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const limitOffset = { limit: '5', offset: '0' };
const pageLimit = { page: '1', limit: '10' };

/** Keyed `METHOD /path` exactly as in the contracts; the spec asserts every public route is here. */
export const baselines: Record<string, RouteBaseline> = {
  // Gateway
  'GET /api/health': { as: 'anon', wrong: 'alice', expect: [200], build: () => ({}) },
  'GET /api/admin/stats': { as: 'admin', wrong: 'alice', expect: [200], build: () => ({}) },

  // Identity
  'POST /api/auth/register': {
    as: 'anon',
    costly: true,
    wrong: 'alice',
    expect: [201],
    build: (fx) => {
      const username = uniqueName('reg');
      return {
        body: {
          username,
          email: `${username.toLowerCase()}@example.test`,
          password: 'Passw0rdPassw0rd',
          referral_code: fx.referralCode,
        },
        // Taken in another case (names and addresses are unique case-insensitively).
        foreign: {
          username: [fx.users.alice.username.toUpperCase()],
          email: [fx.users.alice.email.toUpperCase()],
        },
      };
    },
  },
  'POST /api/auth/login': {
    as: 'anon',
    costly: true,
    wrong: 'alice',
    expect: [200],
    build: (fx) => ({
      body: { email: fx.loginUser.username, password: fx.loginUser.password, rememberMe: false },
    }),
  },
  'POST /api/auth/refresh': {
    as: 'anon',
    wrong: 'alice',
    expect: [200],
    build: async (fx) => ({ body: { refreshToken: (await fx.newSession()).refreshToken } }),
  },
  'POST /api/auth/logout': {
    as: 'anon',
    wrong: 'alice',
    expect: [200],
    build: async (fx) => ({ body: { refreshToken: (await fx.newSession()).refreshToken } }),
  },
  'POST /api/auth/forgot-password': {
    as: 'anon',
    wrong: 'alice',
    expect: [200],
    build: (fx) => ({ body: { email: fx.resetUser.email } }),
  },
  'POST /api/auth/reset-password': {
    as: 'anon',
    costly: true,
    wrong: 'alice',
    expect: [200],
    build: async (fx) => ({ body: { token: await fx.newResetToken(), password: 'NewPassw0rd1' } }),
  },
  'GET /api/auth/me': { as: 'alice', wrong: 'bob', expect: [200], build: () => ({}) },
  'GET /api/auth/user/{username}': {
    as: 'anon',
    wrong: 'alice',
    expect: [200],
    build: (fx) => ({ params: { username: fx.users.alice.username } }),
  },
  'POST /api/auth/avatar': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ upload: { field: 'avatar', maxBytes: AVATAR_MAX_BYTES } }),
  },
  'DELETE /api/auth/avatar': { as: 'alice', wrong: 'bob', expect: [200], build: () => ({}) },
  'GET /api/auth/referral-code': { as: 'alice', wrong: 'bob', expect: [200], build: () => ({}) },
  'GET /api/auth/referral-stats': { as: 'alice', wrong: 'bob', expect: [200], build: () => ({}) },
  'GET /api/badges/user/{userId}': {
    as: 'anon',
    wrong: 'alice',
    expect: [200],
    build: (fx) => ({
      params: { userId: fx.users.alice.id },
      foreign: { userId: [fx.post.id, fx.community.id] },
    }),
  },
  'GET /api/admin/users': {
    as: 'admin',
    wrong: 'alice',
    expect: [200],
    build: () => ({
      query: { page: '1', limit: '25', sortBy: 'username', sortOrder: 'asc', search: 'a' },
    }),
  },
  'PATCH /api/admin/users/{id}': {
    as: 'admin',
    wrong: 'alice',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.victim.id },
      body: { is_active: true, reason: 'Fuzz baseline reactivation' },
      foreign: { id: [fx.post.id, fx.community.id] },
    }),
  },
  'GET /api/admin/daily-user-stats': {
    as: 'admin',
    wrong: 'alice',
    expect: [200],
    build: () => ({}),
  },

  // Communities
  'POST /api/communities': {
    as: 'alice',
    wrong: 'bob',
    expect: [201],
    build: (fx) => ({
      body: {
        name: uniqueName('fzc_').slice(0, 30),
        description: 'Made by the fuzzer baseline.',
        rules: 'Be kind.',
        is_nsfw: false,
      },
      foreign: { name: [fx.community.name.toUpperCase()] },
    }),
  },
  'GET /api/communities': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: limitOffset }),
  },
  'GET /api/communities/my': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: limitOffset }),
  },
  'GET /api/communities/id/{id}': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.community.id },
      foreign: { id: [fx.post.id, fx.users.alice.id] },
    }),
  },
  'GET /api/communities/name/{name}': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({ params: { name: fx.community.name } }),
  },
  'POST /api/communities/{id}/join': {
    as: 'bob',
    wrong: 'carol',
    expect: [200],
    build: (fx) => ({ params: { id: fx.community2.id }, foreign: { id: [fx.post.id] } }),
  },
  'POST /api/communities/{id}/leave': {
    as: 'bob',
    // The creator cannot leave their own community.
    wrong: 'alice',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({ params: { id: fx.community2.id }, foreign: { id: [fx.post.id] } }),
  },
  'PUT /api/communities/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.community.id },
      body: { description: 'Updated by the fuzzer baseline.', rules: 'Still be kind.' },
      foreign: { id: [fx.post.id] },
    }),
  },
  'DELETE /api/communities/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: async (fx) => ({
      params: { id: (await fx.newCommunity()).id },
      foreign: { id: [fx.post.id] },
    }),
  },
  'GET /api/communities/{id}/membership': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({ params: { id: fx.community.id }, foreign: { id: [fx.post.id] } }),
  },
  'GET /api/communities/{id}/members': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.community.id },
      query: limitOffset,
      foreign: { id: [fx.post.id] },
    }),
  },
  'POST /api/communities/{id}/logo': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.community.id },
      upload: { field: 'avatar', maxBytes: AVATAR_MAX_BYTES },
      foreign: { id: [fx.post.id] },
    }),
  },
  'DELETE /api/communities/{id}/logo': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({ params: { id: fx.community.id }, foreign: { id: [fx.post.id] } }),
  },

  // Posts
  'POST /api/posts': {
    as: 'alice',
    // Not a member of the community.
    wrong: 'carol',
    wrongRefused: true,
    expect: [201],
    build: (fx) => ({
      body: {
        title: 'Fuzz baseline post',
        content: 'Some text.',
        type: 'text',
        community_id: fx.community.id,
      },
      upload: {
        field: 'image',
        maxBytes: POST_IMAGE_MAX_BYTES,
        fields: { title: 'Fuzz image', type: 'image', community_id: fx.community.id },
      },
      foreign: { community_id: [fx.post.id, fx.users.alice.id] },
    }),
  },
  'GET /api/posts': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      query: {
        // One filter at a time (the route refuses mixing them); author_id and feed get the
        // variants of every query field anyway.
        community_id: fx.community.id,
        sort: 'top',
        ...limitOffset,
      },
    }),
  },
  'GET /api/posts/saved/my': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: limitOffset }),
  },
  'GET /api/posts/{id}': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.post.id },
      foreign: { id: [fx.community.id, fx.comment.id] },
    }),
  },
  'PUT /api/posts/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.post.id },
      body: { title: 'Fuzz post, edited', content: 'Edited text.' },
      foreign: { id: [fx.community.id, fx.comment.id] },
    }),
  },
  'DELETE /api/posts/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: async (fx) => ({
      params: { id: (await fx.newPost()).id },
      foreign: { id: [fx.community.id, fx.comment.id] },
    }),
  },
  ...postActions(),

  // Subscriptions
  ...Object.fromEntries(
    [
      'GET /api/post-subscriptions/{postId}/status',
      'POST /api/post-subscriptions/{postId}',
      'DELETE /api/post-subscriptions/{postId}',
    ].map((key): [string, RouteBaseline] => [
      key,
      {
        as: 'alice',
        wrong: 'bob',
        expect: [200],
        build: (fx) => ({
          params: { postId: fx.post.id },
          foreign: { postId: [fx.community.id, fx.comment.id] },
        }),
      },
    ]),
  ),

  // Profile lists and admin
  'GET /api/auth/me/posts': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: { sortBy: 'top', ...limitOffset } }),
  },
  'GET /api/auth/user/{username}/posts': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { username: fx.users.alice.username },
      query: { sortBy: 'top', ...limitOffset },
    }),
  },
  'GET /api/admin/communities': {
    as: 'admin',
    wrong: 'alice',
    expect: [200],
    build: () => ({}),
  },

  // Comments
  'POST /api/comments': {
    as: 'alice',
    wrong: 'carol',
    expect: [201],
    build: (fx) => ({
      body: { content: 'A fuzz reply.', post_id: fx.post.id, parent_id: fx.comment.id },
      foreign: {
        post_id: [fx.community.id, fx.comment.id],
        parent_id: [fx.elsewhereComment.id, fx.post.id, fx.community.id],
      },
    }),
  },
  'GET /api/comments/post/{postId}': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { postId: fx.post.id },
      query: { sortBy: 'new', ...limitOffset },
      foreign: { postId: [fx.community.id, fx.comment.id] },
    }),
  },
  'GET /api/posts/{id}/comments': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.post.id },
      query: { sortBy: 'top', ...limitOffset },
      foreign: { id: [fx.community.id, fx.comment.id] },
    }),
  },
  'GET /api/comments/saved/my': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: limitOffset }),
  },
  'PUT /api/comments/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.comment.id },
      body: { content: 'An edited fuzz comment.' },
      foreign: { id: [fx.post.id] },
    }),
  },
  'DELETE /api/comments/{id}': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: async (fx) => ({
      params: { id: (await fx.newComment()).id },
      foreign: { id: [fx.post.id] },
    }),
  },
  'GET /api/comments/{id}/replies': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({
      params: { id: fx.comment.id },
      query: { sortBy: 'old', ...limitOffset },
      foreign: { id: [fx.post.id] },
    }),
  },
  ...commentActions(),
  'GET /api/auth/me/comments': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: limitOffset }),
  },
  'GET /api/auth/user/{username}/comments': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({ params: { username: fx.users.alice.username }, query: limitOffset }),
  },

  ...moderation(),
  ...reportsAndAppeals(),
  ...elections(),
  ...searchBaselines(),
  ...safetyBaselines(),

  // Messaging
  'GET /api/messages/conversations': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: pageLimit }),
  },
  'POST /api/messages/conversations': {
    as: 'alice',
    // bob would be messaging himself.
    wrong: 'bob',
    wrongRefused: true,
    expect: [201],
    build: (fx) => ({
      body: { recipientUsername: fx.users.bob.username, subject: 'Fuzz hello', content: 'Hi bob' },
      // Nobody by that name (messaging oneself: the wrong caller, bob, writes to bob).
      foreign: { recipientUsername: ['zzznosuchuser1'] },
    }),
  },
  'GET /api/messages/conversations/{id}': {
    as: 'alice',
    // Not a participant.
    wrong: 'carol',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.conversation.id },
      query: pageLimit,
      foreign: { id: [fx.message.id, fx.post.id] },
    }),
  },
  'POST /api/messages/conversations/{id}/messages': {
    as: 'alice',
    wrong: 'carol',
    wrongRefused: true,
    expect: [201],
    build: (fx) => ({
      params: { id: fx.conversation.id },
      body: { content: 'A fuzz reply' },
      foreign: { id: [fx.message.id, fx.post.id] },
    }),
  },
  'PUT /api/messages/messages/{id}/read': {
    // Only the recipient marks a message read; the sender is refused.
    as: 'bob',
    wrong: 'alice',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.message.id },
      foreign: { id: [fx.conversation.id, fx.post.id] },
    }),
  },
  'GET /api/messages/unread-count': { as: 'alice', wrong: 'bob', expect: [200], build: () => ({}) },
  'GET /api/notifications': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({ query: pageLimit }),
  },
  'GET /api/notifications/unread-count': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({}),
  },
  // Live updates (EXTENSIONS §L): an open stream's 200 and headers are the answer (lib/fuzz/http).
  'GET /api/stream': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: (fx) => ({ query: { post: fx.post.id } }),
  },
  'PUT /api/notifications/{id}/read': {
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.notification.id },
      foreign: { id: [fx.message.id, fx.post.id] },
    }),
  },
  'PUT /api/notifications/mark-all-read': {
    as: 'alice',
    wrong: 'bob',
    expect: [200],
    build: () => ({}),
  },
};

type Bodies = Record<string, Record<string, unknown> | undefined>;

/**
 * Routes on one of alice's items that any signed-in user may use: alice calls them, bob is the
 * wrong user only in name, and ids of other kinds of items stand in as foreign ids.
 */
function actionsOn(
  bodies: Bodies,
  target: (fx: Fixtures) => string,
  foreign: (fx: Fixtures) => string[],
): Record<string, RouteBaseline> {
  return Object.fromEntries(
    Object.entries(bodies).map(([key, body]): [string, RouteBaseline] => [
      key,
      {
        as: 'alice',
        wrong: 'bob',
        expect: [200],
        build: (fx) => ({ params: { id: target(fx) }, body, foreign: { id: foreign(fx) } }),
      },
    ]),
  );
}

/** Votes, reactions and saves on alice's post. */
function postActions(): Record<string, RouteBaseline> {
  return actionsOn(
    {
      'POST /api/posts/{id}/vote': { vote_type: 1 },
      'GET /api/posts/{id}/vote': undefined,
      'GET /api/posts/{id}/reactions': undefined,
      'POST /api/posts/{id}/reactions': { reaction_type: 'heart' },
      'DELETE /api/posts/{id}/reactions': undefined,
      'POST /api/posts/{id}/save': undefined,
      'DELETE /api/posts/{id}/save': undefined,
      'GET /api/posts/{id}/saved': undefined,
    },
    (fx) => fx.post.id,
    (fx) => [fx.community.id, fx.comment.id],
  );
}

/** Reading, voting on and saving alice's comment. */
function commentActions(): Record<string, RouteBaseline> {
  return actionsOn(
    {
      'GET /api/comments/{id}': undefined,
      'POST /api/comments/{id}/vote': { vote_type: -1 },
      'GET /api/comments/{id}/vote': undefined,
      'POST /api/comments/{id}/save': undefined,
      'DELETE /api/comments/{id}/save': undefined,
      'GET /api/comments/{id}/saved': undefined,
    },
    (fx) => fx.comment.id,
    (fx) => [fx.post.id, fx.community.id],
  );
}

/** A fixture call that must succeed (moderation baselines set their own state up). */
async function must(fx: Fixtures, as: UserKey, method: string, path: string, body?: unknown) {
  const res = await fx.api(method, path, { token: fx.users[as].token, ...(body ? { body } : {}) });
  if (res.status >= 300) {
    throw new Error(`baseline setup ${method} ${path}: ${res.status} ${JSON.stringify(res.json)}`);
  }
  return res.json as Record<string, unknown>;
}

/** A fresh community of alice's with bob as a member (and, if asked, her moderator). */
async function teamCommunity(fx: Fixtures, bobModerates: boolean) {
  const c = await fx.newCommunity();
  await must(fx, 'bob', 'POST', `/communities/${c.id}/join`);
  if (bobModerates) {
    await must(fx, 'alice', 'POST', `/communities/${c.id}/moderators`, {
      username: fx.users.bob.username,
    });
  }
  return c;
}

/** A post of alice's in a community of its own (pins are counted per community). */
async function postInOwnCommunity(fx: Fixtures) {
  const c = await fx.newCommunity();
  const json = await must(fx, 'alice', 'POST', '/posts', {
    title: 'Fuzz pin',
    content: 'Text.',
    type: 'text',
    community_id: c.id,
  });
  return (json.post as { id: string }).id;
}

/**
 * EXTENSIONS §M1-M3. alice owns fx.community, bob is a member there but no moderator: alice
 * acts, bob is the wrong user and is refused (403); each acting baseline makes its own target
 * (bob's post or comment, a community of its own) so the shared fixtures stay as they are.
 */
function moderation(): Record<string, RouteBaseline> {
  const reason = { reason: 'Fuzz baseline reason' };
  const onPost = (
    body: Record<string, unknown> | undefined,
    setup: (fx: Fixtures) => Promise<string>,
  ): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: async (fx) => ({
      params: { id: await setup(fx) },
      ...(body ? { body } : {}),
      foreign: { id: [fx.community.id, fx.comment.id] },
    }),
  });
  const bobsPost = async (fx: Fixtures) => (await fx.newPost('bob')).id;
  const then = (verb: string, made: (fx: Fixtures) => Promise<string>, body?: unknown) => {
    return async (fx: Fixtures) => {
      const id = await made(fx);
      await must(fx, 'alice', 'POST', `/posts/${id}/${verb}`, body);
      return id;
    };
  };
  const onComment = (
    body: Record<string, unknown> | undefined,
    removed: boolean,
  ): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: async (fx) => {
      const { id } = await fx.newComment('bob');
      if (removed) await must(fx, 'alice', 'POST', `/comments/${id}/remove`, reason);
      return { params: { id }, ...(body ? { body } : {}), foreign: { id: [fx.post.id] } };
    },
  });
  return {
    'GET /api/communities/{id}/moderators': {
      as: 'alice',
      wrong: 'bob',
      expect: [200],
      build: (fx) => ({ params: { id: fx.community.id }, foreign: { id: [fx.post.id] } }),
    },
    'POST /api/communities/{id}/moderators': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [201],
      build: async (fx) => ({
        params: { id: (await teamCommunity(fx, false)).id },
        body: { username: fx.users.bob.username },
        // carol is no member there.
        foreign: { id: [fx.post.id], username: [fx.users.carol.username] },
      }),
    },
    'DELETE /api/communities/{id}/moderators/{userId}': {
      as: 'alice',
      // bob would be stepping down himself, which he may.
      wrong: 'carol',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => ({
        params: { id: (await teamCommunity(fx, true)).id, userId: fx.users.bob.id },
        query: { reason: 'Inactive' },
        // carol moderates nothing there; alice is the owner (who cannot be removed).
        foreign: { id: [fx.post.id], userId: [fx.users.carol.id, fx.users.alice.id] },
      }),
    },
    'POST /api/communities/{id}/owner': {
      as: 'alice',
      // A moderator, not the owner.
      wrong: 'bob',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => ({
        params: { id: (await teamCommunity(fx, true)).id },
        body: { username: fx.users.bob.username },
        foreign: { id: [fx.post.id], username: [fx.users.carol.username] },
      }),
    },
    'POST /api/posts/{id}/remove': onPost(reason, bobsPost),
    'POST /api/posts/{id}/restore': onPost(reason, then('remove', bobsPost, reason)),
    'POST /api/posts/{id}/lock': onPost(reason, bobsPost),
    'POST /api/posts/{id}/unlock': onPost(reason, then('lock', bobsPost)),
    'POST /api/posts/{id}/pin': onPost(undefined, postInOwnCommunity),
    'POST /api/posts/{id}/unpin': onPost(undefined, then('pin', postInOwnCommunity)),
    'POST /api/comments/{id}/remove': onComment(reason, false),
    'POST /api/comments/{id}/restore': onComment(reason, true),
    'POST /api/communities/{id}/bans': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [201],
      build: async (fx) => ({
        params: { id: (await fx.newCommunity()).id },
        body: { username: fx.loginUser.username, reason: 'Fuzz ban', days: 7 },
        // The owner cannot be banned.
        foreign: { id: [fx.post.id], username: [fx.users.alice.username] },
      }),
    },
    'DELETE /api/communities/{id}/bans/{userId}': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => {
        const c = await fx.newCommunity();
        await must(fx, 'alice', 'POST', `/communities/${c.id}/bans`, {
          username: fx.loginUser.username,
          reason: 'Fuzz ban to lift',
        });
        return {
          params: { id: c.id, userId: fx.loginUser.id },
          // bob is not banned there.
          foreign: { id: [fx.post.id], userId: [fx.users.bob.id] },
        };
      },
    },
    'GET /api/communities/{id}/bans': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [200],
      build: (fx) => ({
        params: { id: fx.community.id },
        query: limitOffset,
        foreign: { id: [fx.post.id] },
      }),
    },
    'GET /api/communities/{id}/modlog': {
      as: 'alice',
      wrong: 'bob',
      expect: [200],
      build: (fx) => ({
        params: { id: fx.community.id },
        query: { ...limitOffset, action: 'remove_post' },
        foreign: { id: [fx.post.id] },
      }),
    },
    'GET /api/modlog': {
      as: 'alice',
      wrong: 'bob',
      expect: [200],
      build: () => ({ query: { ...limitOffset, action: 'ban_user' } }),
    },
  };
}

/** A removal of bob's new post by alice; returns the post and its remove_post log entry. */
async function removedBobPost(fx: Fixtures) {
  const { id } = await fx.newPost('bob');
  await must(fx, 'alice', 'POST', `/posts/${id}/remove`, { reason: 'Fuzz removal' });
  const seen = await must(fx, 'bob', 'GET', `/posts/${id}`);
  return { id, modlogId: String((seen.post as { removal_modlog_id: string }).removal_modlog_id) };
}

/**
 * EXTENSIONS §M5-M6. bob reports alice's items (alice's own report is refused), bob reports the
 * message alice sent him (carol, no party to it, gets 404), alice works her community's queue and
 * its appeals (bob, a member, is refused), the admin reads the site-wide queue.
 */
function reportsAndAppeals(): Record<string, RouteBaseline> {
  const report = { reason: 'Spam' };
  const reported = (made: (fx: Fixtures) => Promise<{ id: string }>): RouteBaseline => ({
    as: 'bob',
    wrong: 'alice',
    wrongRefused: true,
    expect: [201],
    build: async (fx) => ({
      params: { id: (await made(fx)).id },
      body: report,
      foreign: { id: [fx.community.id] },
    }),
  });
  /** A moderators' queue of alice's community (reports or appeals). */
  const queue = (): RouteBaseline => ({
    as: 'alice',
    wrong: 'bob',
    wrongRefused: true,
    expect: [200],
    build: (fx) => ({
      params: { id: fx.community.id },
      query: { status: 'open', ...limitOffset },
      foreign: { id: [fx.post.id] },
    }),
  });
  return {
    'POST /api/posts/{id}/report': reported((fx) => fx.newPost('alice')),
    'POST /api/comments/{id}/report': reported((fx) => fx.newComment('alice')),
    'POST /api/messages/messages/{id}/report': {
      as: 'bob',
      wrong: 'carol',
      wrongRefused: true,
      expect: [201],
      build: (fx) => ({
        params: { id: fx.message.id },
        body: report,
        foreign: { id: [fx.conversation.id, fx.post.id] },
      }),
    },
    'GET /api/communities/{id}/reports': queue(),
    'POST /api/reports/{id}/resolve': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => {
        const { id } = await fx.newPost('bob');
        await must(fx, 'carol', 'POST', `/posts/${id}/report`, report);
        const open = await must(fx, 'alice', 'GET', `/communities/${fx.community.id}/reports`);
        const row = (open.reports as { id: string; target_id: string }[]).find(
          (r) => r.target_id === id,
        );
        if (!row) throw new Error('baseline setup: the report is not in the queue');
        return {
          params: { id: row.id },
          body: { action: 'dismiss', reason: 'Not spam' },
          foreign: { id: [id, fx.community.id] },
        };
      },
    },
    'GET /api/admin/reports': {
      as: 'admin',
      wrong: 'alice',
      expect: [200],
      build: () => ({ query: { status: 'closed', ...limitOffset } }),
    },
    'POST /api/appeals': {
      as: 'bob',
      // carol's is not the decision appealed.
      wrong: 'carol',
      wrongRefused: true,
      expect: [201],
      build: async (fx) => ({
        body: { modlog_id: (await removedBobPost(fx)).modlogId, text: 'It was on topic.' },
        foreign: { modlog_id: [fx.post.id, fx.community.id] },
      }),
    },
    'GET /api/communities/{id}/appeals': queue(),
    'POST /api/appeals/{id}/decide': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => {
        const { modlogId } = await removedBobPost(fx);
        const made = await must(fx, 'bob', 'POST', '/appeals', {
          modlog_id: modlogId,
          text: 'Please look again.',
        });
        return {
          params: { id: (made.appeal as { id: string }).id },
          body: { outcome: 'uphold', reason: 'Off topic after all' },
          foreign: { id: [modlogId, fx.post.id] },
        };
      },
    },
  };
}

/**
 * EXTENSIONS §E. alice starts an election in a fresh community of hers (bob, a member, may not);
 * bob stands and votes (carol, no member, may do neither); anyone reads elections.
 */
function elections(): Record<string, RouteBaseline> {
  const start = { seats: 1, nomination_seconds: 86400, voting_seconds: 86400, term_days: 30 };
  /** A fresh election of alice's where bob is a member (and, if asked, a candidate). */
  const election = async (fx: Fixtures, bobStands = false) => {
    const c = await teamCommunity(fx, false);
    const made = await must(fx, 'alice', 'POST', `/communities/${c.id}/elections`, start);
    const id = (made.election as { id: string }).id;
    if (bobStands) {
      await must(fx, 'bob', 'POST', `/elections/${id}/candidates`, {
        statement: 'I read every report within a day.',
      });
    }
    return { id, community: c };
  };
  return {
    'POST /api/communities/{id}/elections': {
      as: 'alice',
      wrong: 'bob',
      wrongRefused: true,
      expect: [201],
      build: async (fx) => ({
        params: { id: (await teamCommunity(fx, false)).id },
        body: start,
        foreign: { id: [fx.post.id] },
      }),
    },
    'GET /api/communities/{id}/elections': {
      as: 'alice',
      wrong: 'bob',
      expect: [200],
      build: async (fx) => ({
        params: { id: (await election(fx)).community.id },
        query: limitOffset,
        foreign: { id: [fx.post.id] },
      }),
    },
    'GET /api/elections/{id}': {
      as: 'alice',
      wrong: 'bob',
      expect: [200],
      build: async (fx) => {
        const { id, community } = await election(fx);
        return { params: { id }, foreign: { id: [community.id, fx.post.id] } };
      },
    },
    'POST /api/elections/{id}/candidates': {
      as: 'bob',
      // Not a member there.
      wrong: 'carol',
      wrongRefused: true,
      expect: [201],
      build: async (fx) => {
        const { id, community } = await election(fx);
        return {
          params: { id },
          body: { statement: 'I read every report within a day.' },
          foreign: { id: [community.id, fx.post.id] },
        };
      },
    },
    'DELETE /api/elections/{id}/candidates/me': {
      as: 'bob',
      // Not a candidate.
      wrong: 'carol',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => {
        const { id, community } = await election(fx, true);
        return { params: { id }, foreign: { id: [community.id, fx.post.id] } };
      },
    },
    'PUT /api/elections/{id}/ballot': {
      as: 'bob',
      // Not a member when the election started.
      wrong: 'carol',
      wrongRefused: true,
      expect: [200],
      build: async (fx) => {
        const { id, community } = await election(fx, true);
        await endNominations(id);
        return {
          params: { id },
          body: { approve: [fx.users.bob.id] },
          foreign: { id: [community.id, fx.post.id] },
        };
      },
    },
    'GET /api/elections/{id}/ballot': {
      as: 'bob',
      // Reads their own (none): never bob's.
      wrong: 'carol',
      expect: [200],
      build: async (fx) => {
        const { id, community } = await election(fx, true);
        return { params: { id }, foreign: { id: [community.id, fx.post.id] } };
      },
    },
  };
}
