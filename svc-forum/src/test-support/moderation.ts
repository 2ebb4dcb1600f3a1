import { expect } from 'vitest';
import {
  CommentResponse,
  CommunityResponse,
  ModlogResponse,
  PostResponse,
  type ModlogEntry,
} from '@forum/contracts';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './harness.js';

/** Put users in the forum's user directory (usernames resolve: bans, appointments). */
export async function known(h: Harness, ...users: TestUser[]): Promise<void> {
  for (const u of users) {
    await h.models.DirectoryUser.updateOne(
      { _id: u.id },
      {
        $setOnInsert: {
          username: u.username,
          username_lower: u.username.toLowerCase(),
          avatar_url: null,
          registered_at: new Date(),
          updated_at: new Date(0),
        },
      },
      { upsert: true },
    );
  }
}

/** A call that must answer `status`; resolves to the body. */
export async function ok<T = Record<string, unknown>>(
  h: Harness,
  status: number,
  method: string,
  path: string,
  opts: { as?: TestUser; body?: unknown } = {},
): Promise<T> {
  const res = await h.call<T>(method, path, opts);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body;
}

export async function newCommunity(
  h: Harness,
  owner: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ id: string; name: string }> {
  const name = uniqueName('mod');
  const body = await ok(h, 201, 'POST', '/api/communities', {
    as: owner,
    body: communityBody(name, extra),
  });
  return { id: CommunityResponse.parse(body).community.id, name };
}

export const join = (h: Harness, user: TestUser, community: string) =>
  ok(h, 200, 'POST', `/api/communities/${community}/join`, { as: user });

export async function newPost(h: Harness, author: TestUser, community: string, title?: string) {
  const body = await ok(h, 201, 'POST', '/api/posts', {
    as: author,
    body: textPost(community, title ?? `Post ${uniqueName('p')}`),
  });
  return PostResponse.parse(body).post;
}

export async function newComment(h: Harness, author: TestUser, post: string, content?: string) {
  const body = await ok(h, 201, 'POST', '/api/comments', {
    as: author,
    body: { content: content ?? `Comment ${uniqueName('c')}`, post_id: post },
  });
  return CommentResponse.parse(body).comment;
}

/** `user` joins and the owner (or admin) appoints them. */
export async function appoint(h: Harness, by: TestUser, community: string, user: TestUser) {
  await known(h, user);
  await join(h, user, community);
  await ok(h, 201, 'POST', `/api/communities/${community}/moderators`, {
    as: by,
    body: { username: user.username },
  });
}

export async function ban(
  h: Harness,
  by: TestUser,
  community: string,
  user: TestUser,
  extra: Record<string, unknown> = {},
) {
  await known(h, user);
  return ok(h, 201, 'POST', `/api/communities/${community}/bans`, {
    as: by,
    body: { username: user.username, reason: 'Spamming the community', ...extra },
  });
}

/** A community's whole log, newest first. */
export async function modlog(h: Harness, community: string, as?: TestUser): Promise<ModlogEntry[]> {
  const body = await ok(h, 200, 'GET', `/api/communities/${community}/modlog?limit=100`, {
    ...(as ? { as } : {}),
  });
  return ModlogResponse.parse(body).entries;
}

/** Every actor of the moderation matrix, around one community, its post and comment. */
export interface ModWorld {
  owner: TestUser;
  moderator: TestUser;
  member: TestUser;
  banned: TestUser;
  otherMod: TestUser;
  outsider: TestUser;
  admin: TestUser;
  community: { id: string; name: string };
  /** A post and a comment by `member`. */
  post: string;
  title: string;
  comment: string;
}

export async function modWorld(h: Harness, admin: TestUser): Promise<ModWorld> {
  const [owner, moderator, member, banned, otherMod, outsider] = await Promise.all(
    Array.from({ length: 6 }, () => h.user()),
  );
  await known(h, owner!, moderator!, member!, banned!, otherMod!, outsider!, admin);
  const community = await newCommunity(h, owner!);
  await newCommunity(h, otherMod!);
  await appoint(h, owner!, community.id, moderator!);
  await join(h, member!, community.id);
  await join(h, banned!, community.id);
  await ban(h, owner!, community.id, banned!);
  const post = await newPost(h, member!, community.id);
  const comment = await newComment(h, member!, post.id);
  return {
    owner: owner!,
    moderator: moderator!,
    member: member!,
    banned: banned!,
    otherMod: otherMod!,
    outsider: outsider!,
    admin,
    community,
    post: post.id,
    title: post.title,
    comment: comment.id,
  };
}

/** A harness, its admin (named as ADMIN_USERNAME) and a world of every moderation actor. */
export async function startModeration(): Promise<{ h: Harness; admin: TestUser; w: ModWorld }> {
  const h = await startHarness();
  const admin = await h.user('admin', { isAdmin: true });
  return { h, admin, w: await modWorld(h, admin) };
}
