import { test, expect } from '@playwright/test';
import { ElectionTexts, ModerationTexts, routeKey, routes } from '@forum/contracts';
import {
  PNG_1X1,
  adminSession,
  apiClient,
  createComment,
  createCommunity,
  createPost,
  eventually,
  expectErrorBody,
  firstStreamEvent,
  hostile,
  imageForm,
  join,
  signUp,
  startConversation,
  uniqueName,
  type Api,
  type ApiResult,
  type Json,
  type Session,
} from './helpers.js';
import { endNominations } from '../election-clock.js';

/**
 * IDOR matrix: every public mutating route and every private read route of the contracts, called
 * by six actors against resources that belong to `owner`:
 *   owner     - created the community, post, comment, conversation; owns the notifications
 *   member    - another signed-in user, member of owner's community, the other party of the
 *               conversation (the recipient of owner's messages)
 *   stranger  - a third signed-in user, member of nothing, in no conversation
 *   admin     - ADMIN_USERNAME: an owner's rights and a moderator's in every community
 *               (EXTENSIONS §M1), no power over others' own posts, comments or messages
 *   deactived - signed in, then deactivated by the admin; its access token is still unexpired
 *   visitor   - no token
 * For each call: the status (and the error text where the spec gives one), `{error}` on failures,
 * no foreign private data in the body, and - re-read afterwards - the owner's resource unchanged
 * unless the actor is allowed to change it.
 */

const ACTORS = ['visitor', 'deactivated', 'stranger', 'member', 'admin', 'owner'] as const;
type Actor = (typeof ACTORS)[number];

interface Ctx {
  api: Api;
  as: Record<Exclude<Actor, 'visitor'>, Session>;
  community: Json;
  /** Owner's second community for join/leave (the first keeps its members stable). */
  joinable: Json;
  /** Deleted by its owner in the DELETE case. */
  disposableCommunity: Json;
  /** Another of the owner's, deleted by the admin in the DELETE case (EXTENSIONS §M1). */
  adminDisposableCommunity: Json;
  post: Json;
  disposablePost: Json;
  /** Saved by the owner only: must never show in anyone else's saved list. */
  privatePost: Json;
  comment: Json;
  disposableComment: Json;
  privateComment: Json;
  conversationId: string;
  /** Sent by owner to member: only member may mark it read. */
  unreadMessageId: string;
  notificationId: string;
  /** Texts that only owner (and member, for the conversation) may ever see. */
  secretMessage: string;
  secretComment: string;
  /** Deactivated by the admin in the PATCH case (the target of that case). */
  victim: Session;
  /** The moderation rows' targets (EXTENSIONS §M). */
  mod: ModCtx;
  /** Blocked by the owner (EXTENSIONS §B1): only the owner's list names them. */
  blockTarget: Session;
}

interface Case {
  /** `METHOD /api/path` exactly as in the contracts. */
  route: string;
  /** Expected status per actor. */
  expect: Record<Actor, number | number[]>;
  /** Error texts the spec fixes, per actor. */
  texts?: Partial<Record<Actor, string>>;
  /** Actors whose call may legitimately change what `guard` reads (they run last). */
  allowed?: Actor[];
  call(c: Ctx, actor: Actor, token: string | undefined): Promise<ApiResult<Json>>;
  /** State of the owner's resource; must read the same after every non-allowed actor's call. */
  guard?(c: Ctx): Promise<unknown>;
  /** Strings that must not occur in the bodies given to these actors. */
  secrets?(c: Ctx): Partial<Record<Actor, string[]>>;
  /** Further checks of a successful body. */
  check?(c: Ctx, actor: Actor, res: ApiResult<Json>): void | Promise<void>;
}

/** Everyone signed in may do it (to their own state); the visitor and a deactivated token may not. */
const ANY_SIGNED_IN = {
  visitor: 401,
  deactivated: 401,
  stranger: 200,
  member: 200,
  admin: 200,
  owner: 200,
};
const ONLY_OWNER = { visitor: 401, deactivated: 401, stranger: 403, member: 403, admin: 403 };
const ONLY_ADMIN = {
  visitor: 401,
  deactivated: [401, 403],
  stranger: 403,
  member: 403,
  owner: 403,
  admin: 200,
};
const ADMIN_DENIED = 'Access denied. Admin privileges required.';
const adminTexts = { stranger: ADMIN_DENIED, member: ADMIN_DENIED, owner: ADMIN_DENIED };

const get = (c: Ctx, path: string, token?: string) =>
  c.api<Json>('GET', path, token ? { token } : {});
const ownerView = async (c: Ctx, path: string) => {
  const r = await get(c, path, c.as.owner.token);
  expect(r.status, `owner re-reads ${path}`).toBe(200);
  return r.json;
};
const pick = (o: unknown, keys: string[]) =>
  Object.fromEntries(keys.map((k) => [k, (o as Json | undefined)?.[k]]));
const idsIn = (list: unknown) => ((list as Json[] | undefined) ?? []).map((x) => x.id);

/** The owner's own state on a post / comment (what another user's action must not touch). */
const ownPostState = async (c: Ctx, id: string) => ({
  vote: (await ownerView(c, `/posts/${id}/vote`)).vote,
  saved: (await ownerView(c, `/posts/${id}/saved`)).saved,
  reaction: (await ownerView(c, `/posts/${id}/reactions`)).user_reaction,
  subscribed: (await ownerView(c, `/post-subscriptions/${id}/status`)).subscribed,
});
const ownCommentState = async (c: Ctx, id: string) => ({
  vote: (await ownerView(c, `/comments/${id}/vote`)).vote,
  saved: (await ownerView(c, `/comments/${id}/saved`)).saved,
});
const conversationState = async (c: Ctx) => {
  const conv = (await ownerView(c, `/messages/conversations/${c.conversationId}`)) as Json;
  const messages = ((conv.conversation as Json | undefined)?.messages ?? conv.messages) as Json[];
  return messages.map((m) => pick(m, ['id', 'sender_id', 'content', 'is_read']));
};

/** Targets of the moderation rows, made in beforeAll: the member's items in owner's community. */
interface ModCtx {
  post: Json;
  removedPost: Json;
  lockedPost: Json;
  pinnedPost: Json;
  comment: Json;
  removedComment: Json;
  /** A moderator of owner's community (appointed in setup). */
  moderator: Session;
  /** The remove_post entry of removedPost: the member's to appeal. */
  removedPostLogId: string;
  /** The moderator's open report on `post` (one row of the community's queue). */
  reportId: string;
  /** The member's open appeal of removedComment's removal. */
  appealId: string;
}

const MODERATORS_ONLY = {
  visitor: 401,
  deactivated: 401,
  stranger: 403,
  member: 403,
  admin: 200,
  owner: 200,
};
const modTexts = { stranger: ModerationTexts.forbidden, member: ModerationTexts.forbidden };
const MOD_ALLOWED: Actor[] = ['admin', 'owner'];
const acting = (actor: Actor) => MOD_ALLOWED.includes(actor);
const withToken = (token: string | undefined, body?: unknown) => ({
  ...(token ? { token } : {}),
  ...(body ? { body } : {}),
});

async function mustOk(c: Ctx, as: Session, method: string, path: string, body?: unknown) {
  const r = await c.api<Json>(method, path, withToken(as.token, body));
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
  return r.json;
}

/** A post of the owner's in a fresh community of theirs, put in `state` first. */
async function freshPost(c: Ctx, state?: string): Promise<string> {
  const community = await createCommunity(c.api, c.as.owner);
  const post = await createPost(c.api, c.as.owner, String(community.id));
  if (state)
    await mustOk(c, c.as.owner, 'POST', `/posts/${String(post.id)}/${state}`, { reason: 'Setup' });
  return String(post.id);
}

/** A fresh community of the owner's with `user` a member (and, if asked, a moderator). */
async function freshTeam(c: Ctx, user: Session, moderates: boolean): Promise<string> {
  const community = String((await createCommunity(c.api, c.as.owner)).id);
  await join(c.api, user, community);
  if (moderates) {
    await mustOk(c, c.as.owner, 'POST', `/communities/${community}/moderators`, {
      username: user.username,
    });
  }
  return community;
}

async function moderationSetup(
  api: Api,
  owner: Session,
  member: Session,
  moderator: Session,
  banned: Session,
  communityId: string,
): Promise<ModCtx> {
  const ok = async (method: string, path: string, body?: unknown) => {
    const r = await api<Json>(method, path, { token: owner.token, ...(body ? { body } : {}) });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
  };
  const [post, removedPost, lockedPost, pinnedPost] = [
    await createPost(api, member, communityId, { title: 'Moderated post' }),
    await createPost(api, member, communityId, { title: 'Removed post' }),
    await createPost(api, member, communityId, { title: 'Locked post' }),
    await createPost(api, member, communityId, { title: 'Pinned post' }),
  ];
  const comment = await createComment(api, member, String(post.id), 'Moderated comment');
  const removedComment = await createComment(api, member, String(post.id), 'Removed comment');
  await ok('POST', `/posts/${String(removedPost.id)}/remove`, { reason: 'Setup' });
  await ok('POST', `/posts/${String(lockedPost.id)}/lock`);
  await ok('POST', `/posts/${String(pinnedPost.id)}/pin`);
  await ok('POST', `/comments/${String(removedComment.id)}/remove`, { reason: 'Setup' });
  await join(api, moderator, communityId);
  await ok('POST', `/communities/${communityId}/moderators`, { username: moderator.username });
  await ok('POST', `/communities/${communityId}/bans`, {
    username: banned.username,
    reason: 'Setup',
  });
  const { reportId, appealId, removedPostLogId } = await queueSetup(
    api,
    { owner, member, moderator },
    communityId,
    { post, removedPost, removedComment },
  );
  return {
    post,
    removedPost,
    lockedPost,
    pinnedPost,
    comment,
    removedComment,
    moderator,
    removedPostLogId,
    reportId,
    appealId,
  };
}

/** The removal log entry of an item, as its author reads it (EXTENSIONS §M4). */
async function removalLogId(api: Api, author: Session, path: string): Promise<string> {
  const r = await api<Json>('GET', path, { token: author.token });
  const item = (r.json.post ?? r.json.comment) as Json;
  expect(item.removal_modlog_id, `${path} carries its removal entry`).toEqual(expect.any(String));
  return String(item.removal_modlog_id);
}

/** An open report (the moderator's, on the member's post) and an open appeal (the member's). */
async function queueSetup(
  api: Api,
  as: { owner: Session; member: Session; moderator: Session },
  communityId: string,
  items: { post: Json; removedPost: Json; removedComment: Json },
) {
  const call = async (who: Session, method: string, path: string, body?: unknown) => {
    const r = await api<Json>(method, path, { token: who.token, ...(body ? { body } : {}) });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
    return r.json;
  };
  await call(as.moderator, 'POST', `/posts/${String(items.post.id)}/report`, { reason: 'Spam' });
  const queue = await call(as.owner, 'GET', `/communities/${communityId}/reports`);
  const row = (queue.reports as Json[]).find((r) => r.target_id === items.post.id);
  expect(row, 'the report is in the queue').toBeDefined();
  const commentLog = await removalLogId(
    api,
    as.member,
    `/comments/${String(items.removedComment.id)}`,
  );
  const appeal = await call(as.member, 'POST', '/appeals', {
    modlog_id: commentLog,
    text: 'Setup appeal',
  });
  return {
    reportId: String(row!.id),
    appealId: String((appeal.appeal as Json).id),
    removedPostLogId: await removalLogId(api, as.member, `/posts/${String(items.removedPost.id)}`),
  };
}

function moderationCases(): Case[] {
  const cid = (c: Ctx) => String(c.community.id);
  const postState = (target: (m: ModCtx) => Json) => async (c: Ctx) =>
    pick((await ownerView(c, `/posts/${String(target(c.mod).id)}`)).post, [
      'title',
      'removed',
      'removal_reason',
      'locked',
      'pinned',
    ]);
  const commentState = (target: (m: ModCtx) => Json) => async (c: Ctx) =>
    pick((await ownerView(c, `/comments/${String(target(c.mod).id)}`)).comment, [
      'content',
      'removed',
      'removal_reason',
    ]);
  const team = async (c: Ctx) =>
    ((await get(c, `/communities/${cid(c)}/moderators`)).json.moderators as Json[]).map((m) =>
      pick(m, ['user_id', 'role']),
    );
  const bans = async (c: Ctx) => (await ownerView(c, `/communities/${cid(c)}/bans`)).bans;

  const onPost = (verb: string, shared: (m: ModCtx) => Json, freshState?: string): Case => ({
    route: `POST /api/posts/{id}/${verb}`,
    expect: MODERATORS_ONLY,
    texts: modTexts,
    allowed: MOD_ALLOWED,
    call: async (c, actor, token) => {
      const id = acting(actor) ? await freshPost(c, freshState) : String(shared(c.mod).id);
      return c.api<Json>(
        'POST',
        `/posts/${id}/${verb}`,
        withToken(token, { reason: `By ${actor}` }),
      );
    },
    guard: postState(shared),
  });
  const onComment = (verb: string, shared: (m: ModCtx) => Json, removed: boolean): Case => ({
    route: `POST /api/comments/{id}/${verb}`,
    expect: MODERATORS_ONLY,
    texts: modTexts,
    allowed: MOD_ALLOWED,
    call: async (c, actor, token) => {
      let id = String(shared(c.mod).id);
      if (acting(actor)) {
        id = String((await createComment(c.api, c.as.member, String(c.mod.post.id), 'Fresh')).id);
        if (removed) await mustOk(c, c.as.owner, 'POST', `/comments/${id}/remove`, { reason: 'x' });
      }
      return c.api<Json>(
        'POST',
        `/comments/${id}/${verb}`,
        withToken(token, { reason: `By ${actor}` }),
      );
    },
    guard: commentState(shared),
  });

  /**
   * A team change on `target` (refused actors: in the owner's community, where the target sits
   * already; allowed ones: in a fresh community of the owner's, prepared the same way).
   */
  const teamRow = (
    method: 'POST' | 'DELETE',
    suffix: string,
    target: (c: Ctx) => Session,
    moderates: boolean,
    status: 200 | 201,
    username?: (c: Ctx) => string,
  ): Case => ({
    route: `${method} /api/communities/{id}${suffix}`,
    expect: { ...MODERATORS_ONLY, admin: status, owner: status },
    texts: modTexts,
    allowed: MOD_ALLOWED,
    call: async (c, actor, token) => {
      const community = acting(actor) ? await freshTeam(c, target(c), moderates) : cid(c);
      const path = `/communities/${community}${suffix.replace('{userId}', target(c).id)}`;
      return c.api<Json>(method, path, withToken(token, username && { username: username(c) }));
    },
    guard: team,
  });

  return [
    onPost('remove', (m) => m.post),
    onPost('restore', (m) => m.removedPost, 'remove'),
    onPost('lock', (m) => m.post),
    onPost('unlock', (m) => m.lockedPost, 'lock'),
    onPost('pin', (m) => m.post),
    onPost('unpin', (m) => m.pinnedPost, 'pin'),
    onComment('remove', (m) => m.comment, false),
    onComment('restore', (m) => m.removedComment, true),
    {
      route: 'POST /api/communities/{id}/bans',
      expect: { ...MODERATORS_ONLY, admin: 201, owner: 201 },
      texts: modTexts,
      allowed: MOD_ALLOWED,
      // Refused actors aim at the owner's community; allowed ones ban the stranger in one of
      // their own (the stranger stays free elsewhere).
      call: async (c, actor, token) => {
        const community = acting(actor)
          ? String((await createCommunity(c.api, c.as.owner)).id)
          : cid(c);
        return c.api<Json>(
          'POST',
          `/communities/${community}/bans`,
          withToken(token, { username: c.as.stranger.username, reason: `By ${actor}`, days: 3 }),
        );
      },
      guard: bans,
    },
    {
      route: 'DELETE /api/communities/{id}/bans/{userId}',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      allowed: MOD_ALLOWED,
      call: async (c, actor, token) => {
        let community = cid(c);
        let userId = c.as.deactivated.id;
        if (acting(actor)) {
          community = String((await createCommunity(c.api, c.as.owner)).id);
          userId = c.as.stranger.id;
          await mustOk(c, c.as.owner, 'POST', `/communities/${community}/bans`, {
            username: c.as.stranger.username,
            reason: 'Setup',
          });
        }
        return c.api<Json>('DELETE', `/communities/${community}/bans/${userId}`, withToken(token));
      },
      guard: bans,
    },
    {
      route: 'GET /api/communities/{id}/bans',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      call: (c, _a, token) => c.api<Json>('GET', `/communities/${cid(c)}/bans`, withToken(token)),
      check: (c, _actor, res) => {
        const ids = (res.json.bans as Json[]).map((b) => b.user_id);
        expect(ids, 'the banned member is listed').toContain(c.as.deactivated.id);
      },
    },
    teamRow(
      'POST',
      '/moderators',
      (c) => c.as.member,
      false,
      201,
      (c) => c.as.member.username,
    ),
    teamRow('DELETE', '/moderators/{userId}', (c) => c.mod.moderator, true, 200),
    teamRow(
      'POST',
      '/owner',
      (c) => c.mod.moderator,
      true,
      200,
      (c) => c.mod.moderator.username,
    ),
    ...reportAndAppealCases(),
  ];
}

/**
 * EXTENSIONS §M5-M6: anyone signed in reports another's post or comment, only its recipient a
 * message; the community's queues are its moderators' (without reporters), the site's queue the
 * admin's; only the member concerned appeals a decision, only moderators decide.
 */
function reportAndAppealCases(): Case[] {
  const cid = (c: Ctx) => String(c.community.id);
  const REPORTERS = {
    visitor: 401,
    deactivated: 401,
    stranger: 201,
    member: 201,
    admin: 201,
    owner: 400,
  };
  const ownContent = { owner: ModerationTexts.ownContent };
  const openReports = async (c: Ctx) =>
    idsIn((await ownerView(c, `/communities/${cid(c)}/reports?status=open&limit=100`)).reports);
  const openAppeals = async (c: Ctx) =>
    idsIn((await ownerView(c, `/communities/${cid(c)}/appeals?status=open&limit=100`)).appeals);
  /** Moderators do not see who reported; the admin does (EXTENSIONS §M5). */
  const noReporters = (_c: Ctx, actor: Actor, res: ApiResult<Json>) => {
    if (actor === 'admin') return;
    for (const row of res.json.reports as Json[]) {
      expect(row.reporter_usernames, `${actor}: moderators do not see reporters`).toBeUndefined();
    }
  };
  /** A fresh item of the member's in a community the owner alone moderates, reported or removed. */
  const freshMemberPost = async (c: Ctx) => {
    const community = await freshTeam(c, c.as.member, false);
    const post = await createPost(c.api, c.as.member, community);
    return { community, id: String(post.id) };
  };
  return [
    {
      route: 'POST /api/posts/{id}/report',
      expect: REPORTERS,
      texts: ownContent,
      call: (c, _a, token) =>
        c.api<Json>(
          'POST',
          `/posts/${String(c.post.id)}/report`,
          withToken(token, { reason: 'Spam' }),
        ),
    },
    {
      route: 'POST /api/comments/{id}/report',
      expect: REPORTERS,
      texts: ownContent,
      call: (c, _a, token) =>
        c.api<Json>(
          'POST',
          `/comments/${String(c.comment.id)}/report`,
          withToken(token, { reason: 'Harassment' }),
        ),
    },
    {
      route: 'POST /api/messages/messages/{id}/report',
      // Only the recipient; to anyone else (the sender included) the message is not there.
      expect: {
        visitor: 401,
        deactivated: 401,
        stranger: 404,
        owner: 404,
        admin: 404,
        member: 201,
      },
      call: (c, _a, token) =>
        c.api<Json>(
          'POST',
          `/messages/messages/${c.unreadMessageId}/report`,
          withToken(token, { reason: 'Spam' }),
        ),
      guard: conversationState,
    },
    {
      route: 'GET /api/communities/{id}/reports',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      call: (c, _a, token) =>
        c.api<Json>('GET', `/communities/${cid(c)}/reports?status=open`, withToken(token)),
      check: noReporters,
    },
    {
      route: 'POST /api/reports/{id}/resolve',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      allowed: MOD_ALLOWED,
      call: async (c, actor, token) => {
        let id = c.mod.reportId;
        if (acting(actor)) {
          const post = await freshMemberPost(c);
          await mustOk(c, c.as.stranger, 'POST', `/posts/${post.id}/report`, { reason: 'Spam' });
          const queue = await mustOk(
            c,
            c.as.owner,
            'GET',
            `/communities/${post.community}/reports`,
          );
          id = String((queue.reports as Json[])[0]!.id);
        }
        return c.api<Json>(
          'POST',
          `/reports/${id}/resolve`,
          withToken(token, { action: 'dismiss', reason: `By ${actor}` }),
        );
      },
      guard: openReports,
    },
    {
      route: 'GET /api/admin/reports',
      expect: ONLY_ADMIN,
      texts: adminTexts,
      call: (c, _a, token) => get(c, '/admin/reports?status=open&limit=100', token),
      check: (c, _actor, res) => {
        const row = (res.json.reports as Json[]).find((r) => r.id === c.mod.reportId);
        expect(row?.reporter_usernames, 'the admin sees who reported').toEqual([
          c.mod.moderator.username,
        ]);
      },
    },
    {
      route: 'POST /api/appeals',
      expect: {
        visitor: 401,
        deactivated: 401,
        stranger: 403,
        owner: 403,
        admin: 403,
        member: 201,
      },
      texts: {
        stranger: ModerationTexts.notYourDecision,
        owner: ModerationTexts.notYourDecision,
        admin: ModerationTexts.notYourDecision,
      },
      allowed: ['member'],
      call: (c, _a, token) =>
        c.api<Json>(
          'POST',
          '/appeals',
          withToken(token, { modlog_id: c.mod.removedPostLogId, text: 'Please look again' }),
        ),
      guard: openAppeals,
    },
    {
      route: 'GET /api/communities/{id}/appeals',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      call: (c, _a, token) =>
        c.api<Json>('GET', `/communities/${cid(c)}/appeals?status=open`, withToken(token)),
      check: (c, _actor, res) => {
        expect(idsIn(res.json.appeals), 'the open appeal is listed').toContain(c.mod.appealId);
      },
    },
    {
      route: 'POST /api/appeals/{id}/decide',
      expect: MODERATORS_ONLY,
      texts: modTexts,
      allowed: MOD_ALLOWED,
      call: async (c, actor, token) => {
        let id = c.mod.appealId;
        if (acting(actor)) {
          const post = await freshMemberPost(c);
          await mustOk(c, c.as.owner, 'POST', `/posts/${post.id}/remove`, { reason: 'Setup' });
          const logId = await removalLogId(c.api, c.as.member, `/posts/${post.id}`);
          const made = await mustOk(c, c.as.member, 'POST', '/appeals', {
            modlog_id: logId,
            text: 'Setup',
          });
          id = String((made.appeal as Json).id);
        }
        return c.api<Json>(
          'POST',
          `/appeals/${id}/decide`,
          withToken(token, { outcome: 'uphold', reason: `By ${actor}` }),
        );
      },
      guard: openAppeals,
    },
  ];
}

/**
 * EXTENSIONS §E: moderators, the owner and the admin start an election; members stand and
 * withdraw only themselves; members from before the start vote, each only their own ballot,
 * which nobody else reads (the admin included). Each row's election is its own (one open
 * election per community), made once per run in a fresh community of the owner's where the
 * member is a member.
 */
/**
 * Search (EXTENSIONS §S) is public, so the matrix checks what it must never show: removed posts
 * and comments to anyone but the community's moderators (the owner) and the admin (not even to
 * their author, the member), and a deactivated user's profile to anyone.
 */
function searchCases(): Case[] {
  const PUBLIC = {
    visitor: 200,
    deactivated: 401,
    stranger: 200,
    member: 200,
    admin: 200,
    owner: 200,
  };
  const search = (c: Ctx, kind: string, q: string, token: string | undefined) =>
    get(
      c,
      `/search/${kind}?${new URLSearchParams({ q, community: String(c.community.name) })}`,
      token,
    );
  const removedFor = (item: (c: Ctx) => Json) => ({
    secrets: (c: Ctx) => {
      const id = [String(item(c).id)];
      return { visitor: id, stranger: id, member: id };
    },
    check: (c: Ctx, actor: Actor, res: ApiResult<Json>) => {
      const list = res.json.posts ?? res.json.comments;
      if (acting(actor)) expect(idsIn(list), `${actor} finds it`).toContain(item(c).id);
    },
  });
  return [
    {
      route: 'GET /api/search/posts',
      expect: PUBLIC,
      call: (c, _a, token) => search(c, 'posts', 'Removed post', token),
      ...removedFor((c) => c.mod.removedPost),
    },
    {
      route: 'GET /api/search/comments',
      expect: PUBLIC,
      call: (c, _a, token) => search(c, 'comments', 'Removed comment', token),
      ...removedFor((c) => c.mod.removedComment),
    },
    {
      route: 'GET /api/search/users',
      expect: PUBLIC,
      call: (c, _a, token) =>
        get(c, `/search/users?${new URLSearchParams({ q: c.as.deactivated.username })}`, token),
      secrets: (c) => {
        const id = [c.as.deactivated.id];
        return { visitor: id, stranger: id, member: id, admin: id, owner: id };
      },
    },
  ];
}

/**
 * Blocking and account control (EXTENSIONS §B): every signed-in actor acts on their own account
 * only. The admin's calls use a wrong password (its account is shared with the other specs, whose
 * sessions a password change would end): still signed in, so the check is past authorisation.
 */
function safetyCases(): Case[] {
  const ownBlocks = async (c: Ctx) =>
    ((await ownerView(c, '/blocks')).blocks as Json[]).map((b) => pick(b, ['user_id']));
  const ownPrefs = (c: Ctx) => ownerView(c, '/notifications/preferences');
  const ownEmail = async (c: Ctx) => pick((await ownerView(c, '/auth/me')).user, ['email']);
  const passwordOf = (c: Ctx, actor: Actor) =>
    actor === 'admin' ? 'Not the admin password 1' : c.as.owner.password;
  const PASSWORD_WRONG_FOR_ADMIN = { ...ANY_SIGNED_IN, admin: 400 };
  return [
    {
      route: 'PUT /api/auth/password',
      expect: PASSWORD_WRONG_FOR_ADMIN,
      texts: { admin: 'Current password is incorrect' },
      allowed: ['owner'],
      call: (c, actor, token) =>
        c.api<Json>('PUT', '/auth/password', {
          token,
          // The same password again: the actor's later sign-ins still work.
          body: { current_password: passwordOf(c, actor), new_password: c.as.owner.password },
        }),
      check: (_c, _actor, res) => {
        expect(typeof res.json.token).toBe('string');
        expect(typeof res.json.refreshToken).toBe('string');
      },
    },
    {
      route: 'PUT /api/auth/email',
      expect: PASSWORD_WRONG_FOR_ADMIN,
      texts: { admin: 'Password is incorrect' },
      allowed: ['owner'],
      guard: ownEmail,
      call: (c, actor, token) =>
        c.api<Json>('PUT', '/auth/email', {
          token,
          body: {
            password: passwordOf(c, actor),
            email: `${uniqueName(actor.slice(0, 3))}@example.test`.toLowerCase(),
          },
        }),
      check: (_c, _actor, res) => expect((res.json.user as Json).email_verified).toBe(false),
    },
    {
      route: 'POST /api/auth/verify-email/resend',
      expect: ANY_SIGNED_IN,
      call: (c, _a, token) => c.api<Json>('POST', '/auth/verify-email/resend', { token }),
    },
    {
      route: 'GET /api/blocks',
      expect: ANY_SIGNED_IN,
      call: (c, _a, token) => get(c, '/blocks', token),
      secrets: (c) => {
        const blocked = [c.blockTarget.id];
        return { stranger: blocked, member: blocked, admin: blocked };
      },
      check: (c, actor, res) => {
        if (actor !== 'owner') return;
        const blocked = (res.json.blocks as Json[]).map((b) => b.user_id);
        expect(blocked).toContain(c.blockTarget.id);
      },
    },
    {
      route: 'PUT /api/blocks/{username}',
      expect: ANY_SIGNED_IN,
      allowed: ['owner'],
      guard: ownBlocks,
      call: (c, _a, token) => c.api<Json>('PUT', `/blocks/${c.blockTarget.username}`, { token }),
      check: (_c, _a, res) => expect(res.json.blocked).toBe(true),
    },
    {
      route: 'DELETE /api/blocks/{username}',
      expect: ANY_SIGNED_IN,
      // Nobody else's call may lift the owner's block; the owner's own unblock is then re-made.
      guard: ownBlocks,
      call: async (c, actor, token) => {
        const res = await c.api<Json>('DELETE', `/blocks/${c.blockTarget.username}`, { token });
        if (actor === 'owner' && res.status === 200) {
          await mustOk(c, c.as.owner, 'PUT', `/blocks/${c.blockTarget.username}`);
        }
        return res;
      },
      check: (_c, _a, res) => expect(res.json.blocked).toBe(false),
    },
    {
      route: 'GET /api/notifications/preferences',
      expect: ANY_SIGNED_IN,
      call: (c, _a, token) => get(c, '/notifications/preferences', token),
      check: (_c, actor, res) => {
        // The owner turned post_vote off in the set-up; nobody else did.
        expect(res.json.post_vote).toBe(actor !== 'owner');
      },
    },
    {
      route: 'PUT /api/notifications/preferences',
      expect: ANY_SIGNED_IN,
      allowed: ['owner'],
      guard: ownPrefs,
      call: (c, _a, token) =>
        c.api<Json>('PUT', '/notifications/preferences', { token, body: { post_vote: false } }),
      check: (_c, _a, res) => expect(res.json.post_vote).toBe(false),
    },
    {
      route: 'GET /api/auth/me/export',
      expect: ANY_SIGNED_IN,
      call: (c, _a, token) => get(c, '/auth/me/export', token),
      // Everyone gets their own file: never the owner's id (their profile) nor the owner's block.
      secrets: (c) => {
        const owners = [c.as.owner.id, c.blockTarget.id];
        return { stranger: owners, member: owners, admin: owners };
      },
      check: async (c, actor, res) => {
        if (actor !== 'owner') return;
        expect(res.json.profile).toMatchObject(await ownEmail(c));
        expect((res.json.blocks as Json[]).map((b) => b.user_id)).toContain(c.blockTarget.id);
      },
    },
    {
      // There is no one else's account to name: each actor can only reach their own, and a wrong
      // password (the admin's account cannot be deleted at all) changes nothing.
      route: 'DELETE /api/auth/me',
      expect: { ...ANY_SIGNED_IN, stranger: 400, member: 400, owner: 400, admin: 403 },
      texts: {
        stranger: 'Password is incorrect',
        owner: 'Password is incorrect',
        admin: 'The admin account cannot be deleted',
      },
      guard: ownEmail,
      call: (c, _a, token) =>
        c.api<Json>('DELETE', '/auth/me', { token, body: { password: 'Not the password 1' } }),
    },
  ];
}

function electionCases(): Case[] {
  const start = { seats: 1, nomination_seconds: 86400, voting_seconds: 86400, term_days: 30 };
  const made = new Map<string, Promise<string>>();
  /** The row's election (memoised): started by the owner, the member standing if asked. */
  const electionFor = (c: Ctx, row: string, opts: { stands?: boolean; voting?: boolean } = {}) => {
    let id = made.get(row);
    if (!id) {
      id = (async () => {
        const community = await freshTeam(c, c.as.member, false);
        const json = await mustOk(
          c,
          c.as.owner,
          'POST',
          `/communities/${community}/elections`,
          start,
        );
        const electionId = String((json.election as Json).id);
        if (opts.stands) {
          await mustOk(c, c.as.member, 'POST', `/elections/${electionId}/candidates`, {
            statement: 'I read every report within a day.',
          });
        }
        if (opts.voting) await endNominations(electionId);
        return electionId;
      })();
      made.set(row, id);
    }
    return id;
  };
  const candidates = async (c: Ctx, id: string) =>
    ((await ownerView(c, `/elections/${id}`)).election as Json).candidates;
  const ownBallot = async (c: Ctx, id: string) =>
    (await ownerView(c, `/elections/${id}/ballot`)).ballot;
  const notEligible = { stranger: ElectionTexts.notEligible, admin: ElectionTexts.notEligible };
  return [
    {
      route: 'POST /api/communities/{id}/elections',
      expect: { ...MODERATORS_ONLY, admin: 201, owner: 201 },
      texts: modTexts,
      allowed: MOD_ALLOWED,
      // Refused actors aim at the shared community; the owner and the admin start theirs in
      // fresh ones (one open election per community).
      call: async (c, actor, token) => {
        const community = acting(actor)
          ? await freshTeam(c, c.as.member, false)
          : String(c.community.id);
        return c.api<Json>('POST', `/communities/${community}/elections`, withToken(token, start));
      },
      guard: async (c) =>
        idsIn((await ownerView(c, `/communities/${String(c.community.id)}/elections`)).elections),
    },
    {
      route: 'POST /api/elections/{id}/candidates',
      // Members who are not banned stand; the admin is no member of this community.
      expect: {
        visitor: 401,
        deactivated: 401,
        stranger: 403,
        admin: 403,
        member: 201,
        owner: 201,
      },
      texts: { stranger: ElectionTexts.notMember, admin: ElectionTexts.notMember },
      allowed: ['member', 'owner'],
      call: async (c, actor, token) =>
        c.api<Json>(
          'POST',
          `/elections/${await electionFor(c, 'nominate')}/candidates`,
          withToken(token, { statement: `I, the ${actor}, will moderate fairly.` }),
        ),
      guard: async (c) => candidates(c, await electionFor(c, 'nominate')),
    },
    {
      route: 'DELETE /api/elections/{id}/candidates/me',
      // "me" is always the caller: nobody withdraws the member's nomination but the member.
      expect: {
        visitor: 401,
        deactivated: 401,
        stranger: 404,
        admin: 404,
        owner: 404,
        member: 200,
      },
      texts: {
        stranger: ElectionTexts.notCandidate,
        admin: ElectionTexts.notCandidate,
        owner: ElectionTexts.notCandidate,
      },
      allowed: ['member'],
      call: async (c, _a, token) =>
        c.api<Json>(
          'DELETE',
          `/elections/${await electionFor(c, 'withdraw', { stands: true })}/candidates/me`,
          withToken(token),
        ),
      guard: async (c) => candidates(c, await electionFor(c, 'withdraw', { stands: true })),
    },
    {
      route: 'PUT /api/elections/{id}/ballot',
      // Members from before the start (the owner, the member); the owner's ballot is the
      // guarded state: nobody else's call writes it.
      expect: {
        visitor: 401,
        deactivated: 401,
        stranger: 403,
        admin: 403,
        member: 200,
        owner: 200,
      },
      texts: notEligible,
      allowed: ['owner'],
      call: async (c, _a, token) =>
        c.api<Json>(
          'PUT',
          `/elections/${await electionFor(c, 'ballot', { stands: true, voting: true })}/ballot`,
          withToken(token, { approve: [c.as.member.id] }),
        ),
      guard: async (c) =>
        ownBallot(c, await electionFor(c, 'ballot', { stands: true, voting: true })),
    },
    {
      route: 'GET /api/elections/{id}/ballot',
      expect: ANY_SIGNED_IN,
      call: async (c, _a, token) => {
        const id = await electionFor(c, 'read-ballot', { stands: true, voting: true });
        if (!(await ownBallot(c, id))) {
          await mustOk(c, c.as.owner, 'PUT', `/elections/${id}/ballot`, {
            approve: [c.as.member.id],
          });
        }
        return get(c, `/elections/${id}/ballot`, token);
      },
      // Each caller reads their own: the owner's approval of the member reaches nobody else.
      check: (c, actor, res) => {
        const ballot = res.json.ballot as Json | null;
        if (actor === 'owner') expect(ballot?.approve).toEqual([c.as.member.id]);
        else expect(ballot, `${actor} reads only their own ballot`).toBeNull();
      },
    },
  ];
}

const CASES: Case[] = [
  // ---- identity: own account -------------------------------------------------------------
  {
    route: 'GET /api/auth/me',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/auth/me', token),
    check: (c, actor, res) => {
      const user = res.json.user as Json;
      expect(user.id, 'GET /auth/me answers the caller').toBe(c.as[actor as 'owner'].id);
    },
  },
  {
    route: 'GET /api/auth/referral-code',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/auth/referral-code', token),
    secrets: () => ({}),
    check: async (c, actor, res) => {
      if (actor === 'owner') return;
      const own = await ownerView(c, '/auth/referral-code');
      expect(res.json.referral_code, 'another user gets their own code').not.toBe(
        own.referral_code,
      );
    },
  },
  {
    route: 'GET /api/auth/referral-stats',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/auth/referral-stats', token),
  },
  {
    route: 'POST /api/auth/avatar',
    expect: ANY_SIGNED_IN,
    // A user id smuggled into the form must be ignored: the avatar is always the caller's.
    call: (c, _a, token) => {
      const form = imageForm('avatar', PNG_1X1, 'a.png', 'image/png');
      form.append('userId', c.as.owner.id);
      form.append('user_id', c.as.owner.id);
      form.append('id', c.as.owner.id);
      return c.api<Json>('POST', '/auth/avatar', { ...(token ? { token } : {}), form });
    },
    allowed: ['owner'],
    guard: async (c) =>
      ((await get(c, `/auth/user/${c.as.owner.username}`)).json.user as Json).avatar_url,
  },
  {
    route: 'DELETE /api/auth/avatar',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) =>
      c.api<Json>('DELETE', '/auth/avatar', {
        ...(token ? { token } : {}),
        body: { userId: c.as.owner.id, user_id: c.as.owner.id },
      }),
    allowed: ['owner'],
    guard: async (c) => {
      const url = ((await get(c, `/auth/user/${c.as.owner.username}`)).json.user as Json)
        .avatar_url;
      expect(url, 'the owner has an avatar to lose').toEqual(expect.any(String));
      return url;
    },
  },
  // ---- identity: admin ----------------------------------------------------------------------
  {
    route: 'GET /api/admin/users',
    expect: ONLY_ADMIN,
    texts: adminTexts,
    call: (c, _a, token) => get(c, `/admin/users?search=${c.as.owner.username}`, token),
    check: (c, actor, res) => {
      if (actor === 'admin') expect(JSON.stringify(res.json)).toContain(c.as.owner.email);
    },
  },
  {
    route: 'PATCH /api/admin/users/{id}',
    expect: ONLY_ADMIN,
    texts: adminTexts,
    allowed: ['admin'],
    call: (c, _a, token) =>
      c.api<Json>('PATCH', `/admin/users/${c.victim.id}`, {
        ...(token ? { token } : {}),
        body: { is_active: false, reason: 'Deactivated in the security suite' },
      }),
    guard: async (c) => {
      const r = await get(c, `/admin/users?search=${c.victim.username}`, c.as.admin.token);
      return (r.json.users as Json[]).map((u) => pick(u, ['id', 'is_active']));
    },
    check: async (c, actor) => {
      if (actor !== 'admin') return;
      // The victim's still-valid token is refused from now on.
      await eventually('deactivated victim refused', async () => {
        const r = await get(c, '/auth/me', c.victim.token);
        return r.status === 401 ? true : undefined;
      });
    },
  },
  {
    route: 'GET /api/admin/daily-user-stats',
    expect: ONLY_ADMIN,
    texts: adminTexts,
    call: (c, _a, token) => get(c, '/admin/daily-user-stats', token),
  },
  {
    route: 'GET /api/admin/stats',
    expect: ONLY_ADMIN,
    call: (c, _a, token) => get(c, '/admin/stats', token),
  },
  {
    route: 'GET /api/admin/communities',
    expect: ONLY_ADMIN,
    texts: adminTexts,
    call: (c, _a, token) => get(c, '/admin/communities', token),
  },
  // ---- forum: private reads (before the mutations below add to the actors' own lists) -------
  {
    route: 'GET /api/communities/my',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/communities/my', token),
    secrets: (c) => ({ stranger: [String(c.community.id)], admin: [String(c.community.id)] }),
    check: (c, actor, res) => {
      const ids = idsIn(res.json.communities);
      if (actor === 'owner' || actor === 'member') expect(ids).toContain(c.community.id);
    },
  },
  {
    route: 'GET /api/posts/saved/my',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/posts/saved/my', token),
    secrets: (c) => {
      const id = [String(c.privatePost.id)];
      return { stranger: id, member: id, admin: id };
    },
    check: (c, actor, res) => {
      if (actor === 'owner') expect(idsIn(res.json.posts)).toContain(c.privatePost.id);
    },
  },
  {
    route: 'GET /api/comments/saved/my',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/comments/saved/my', token),
    secrets: (c) => {
      const id = [String(c.privateComment.id)];
      return { stranger: id, member: id, admin: id };
    },
    check: (c, actor, res) => {
      if (actor === 'owner') expect(idsIn(res.json.comments)).toContain(c.privateComment.id);
    },
  },
  {
    route: 'GET /api/auth/me/posts',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/auth/me/posts', token),
    secrets: (c) => {
      const id = [String(c.post.id)];
      return { stranger: id, member: id, admin: id };
    },
    check: (c, actor, res) => {
      if (actor === 'owner') expect(idsIn(res.json.posts)).toContain(c.post.id);
    },
  },
  {
    route: 'GET /api/auth/me/comments',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/auth/me/comments', token),
    secrets: (c) => {
      const own = [c.secretComment];
      return { stranger: own, member: own, admin: own };
    },
    check: (c, actor, res) => {
      if (actor === 'owner') expect(JSON.stringify(res.json)).toContain(c.secretComment);
    },
  },
  {
    route: 'GET /api/post-subscriptions/{postId}/status',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, `/post-subscriptions/${String(c.post.id)}/status`, token),
    check: (_c, actor, res) => {
      // Only the owner subscribed; nobody else sees the owner's subscription as their own.
      expect(res.json.subscribed, `${actor}'s subscription status`).toBe(actor === 'owner');
    },
  },
  // ---- forum: communities -------------------------------------------------------------------
  {
    route: 'POST /api/communities',
    expect: { ...ANY_SIGNED_IN, stranger: 201, member: 201, admin: 201, owner: 201 },
    call: (c, _a, token) =>
      c.api<Json>('POST', '/communities', {
        ...(token ? { token } : {}),
        body: {
          name: uniqueName('idorc').slice(0, 30),
          description: 'Created by the IDOR matrix.',
          rules: 'No rules.',
          is_nsfw: false,
          // Whoever creates it is its creator, whatever the body claims.
          created_by: c.as.owner.id,
          creator_username: c.as.owner.username,
        },
      }),
    check: (c, actor, res) => {
      const created = res.json.community as Json;
      expect(created.created_by, 'created_by is the caller').toBe(c.as[actor as 'owner'].id);
    },
  },
  {
    route: 'POST /api/communities/{id}/join',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('POST', `/communities/${String(c.joinable.id)}/join`, token ? { token } : {}),
    guard: (c) => ownerView(c, `/communities/${String(c.joinable.id)}/membership`),
  },
  {
    route: 'POST /api/communities/{id}/leave',
    // The creator cannot leave their own community (400); others leave their own membership.
    expect: { ...ANY_SIGNED_IN, owner: 400 },
    call: (c, _a, token) =>
      c.api<Json>('POST', `/communities/${String(c.joinable.id)}/leave`, token ? { token } : {}),
    guard: (c) => ownerView(c, `/communities/${String(c.joinable.id)}/membership`),
  },
  {
    route: 'PUT /api/communities/{id}',
    expect: { ...ONLY_OWNER, admin: 200, owner: 200 },
    texts: {
      stranger: 'You do not have permission to edit this community',
      member: 'You do not have permission to edit this community',
    },
    allowed: ['admin', 'owner'],
    call: (c, actor, token) =>
      c.api<Json>('PUT', `/communities/${String(c.community.id)}`, {
        ...(token ? { token } : {}),
        body: { description: `Rewritten by ${actor} in the matrix.`, rules: `Rules by ${actor}` },
      }),
    guard: async (c) =>
      pick((await ownerView(c, `/communities/id/${String(c.community.id)}`)).community, [
        'name',
        'description',
        'rules',
        'created_by',
      ]),
  },
  {
    route: 'POST /api/communities/{id}/logo',
    expect: { ...ONLY_OWNER, admin: 200, owner: 200 },
    texts: {
      stranger: 'You do not have permission to edit this community',
      member: 'You do not have permission to edit this community',
    },
    allowed: ['admin', 'owner'],
    call: (c, _a, token) =>
      c.api<Json>('POST', `/communities/${String(c.community.id)}/logo`, {
        ...(token ? { token } : {}),
        form: imageForm('avatar', PNG_1X1, 'logo.png', 'image/png'),
      }),
    guard: async (c) =>
      ((await ownerView(c, `/communities/id/${String(c.community.id)}`)).community as Json)
        .logo_url,
  },
  {
    route: 'DELETE /api/communities/{id}/logo',
    expect: { ...ONLY_OWNER, admin: 200, owner: 200 },
    texts: {
      stranger: 'You do not have permission to edit this community',
      member: 'You do not have permission to edit this community',
    },
    allowed: ['admin', 'owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/communities/${String(c.community.id)}/logo`, token ? { token } : {}),
    guard: async (c) => {
      const url = (
        (await ownerView(c, `/communities/id/${String(c.community.id)}`)).community as Json
      ).logo_url;
      expect(url, 'the community has a logo to lose').toEqual(expect.any(String));
      return url;
    },
  },
  {
    route: 'DELETE /api/communities/{id}',
    expect: { ...ONLY_OWNER, admin: 200, owner: 200 },
    texts: {
      stranger: 'You do not have permission to delete this community',
      member: 'You do not have permission to delete this community',
    },
    allowed: ['admin', 'owner'],
    // The admin deletes another of the owner's communities (both deletes are real ones).
    call: (c, actor, token) =>
      c.api<Json>(
        'DELETE',
        `/communities/${String((actor === 'admin' ? c.adminDisposableCommunity : c.disposableCommunity).id)}`,
        token ? { token } : {},
      ),
    guard: async (c) =>
      pick((await ownerView(c, `/communities/id/${String(c.disposableCommunity.id)}`)).community, [
        'id',
        'description',
      ]),
    check: async (c, actor) => {
      const gone = actor === 'admin' ? c.adminDisposableCommunity : c.disposableCommunity;
      const r = await get(c, `/communities/id/${String(gone.id)}`);
      expect(r.status, 'the deleted community is gone').toBe(404);
    },
  },
  // ---- forum: posts -------------------------------------------------------------------------
  {
    route: 'POST /api/posts',
    // Only members may post (spec §6): the stranger and the admin are not members.
    expect: { ...ANY_SIGNED_IN, stranger: 403, admin: 403, member: 201, owner: 201 },
    texts: {
      stranger: 'You must be a member of this community to post',
      admin: 'You must be a member of this community to post',
    },
    call: (c, actor, token) =>
      c.api<Json>('POST', '/posts', {
        ...(token ? { token } : {}),
        body: {
          title: `Post by ${actor}`,
          content: 'Matrix post.',
          type: 'text',
          community_id: c.community.id,
          author_id: c.as.owner.id,
          author_username: c.as.owner.username,
        },
      }),
    check: (c, actor, res) => {
      const post = res.json.post as Json;
      expect(post.author_id, 'author is the caller').toBe(c.as[actor as 'owner'].id);
    },
  },
  {
    route: 'PUT /api/posts/{id}',
    expect: { ...ONLY_OWNER, owner: 200 },
    texts: {
      stranger: 'You do not have permission to edit this post',
      member: 'You do not have permission to edit this post',
      admin: 'You do not have permission to edit this post',
    },
    allowed: ['owner'],
    call: (c, actor, token) =>
      c.api<Json>('PUT', `/posts/${String(c.post.id)}`, {
        ...(token ? { token } : {}),
        body: { title: `Hijacked by ${actor}`, content: `Rewritten by ${actor}` },
      }),
    guard: async (c) =>
      pick((await ownerView(c, `/posts/${String(c.post.id)}`)).post, [
        'title',
        'content',
        'author_id',
        'community_id',
      ]),
  },
  {
    route: 'DELETE /api/posts/{id}',
    expect: { ...ONLY_OWNER, owner: 200 },
    texts: {
      stranger: 'You do not have permission to delete this post',
      member: 'You do not have permission to delete this post',
      admin: 'You do not have permission to delete this post',
    },
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/posts/${String(c.disposablePost.id)}`, token ? { token } : {}),
    guard: async (c) =>
      pick((await ownerView(c, `/posts/${String(c.disposablePost.id)}`)).post, ['id', 'title']),
    check: async (c, actor) => {
      if (actor !== 'owner') return;
      expect((await get(c, `/posts/${String(c.disposablePost.id)}`)).status).toBe(404);
    },
  },
  {
    route: 'POST /api/posts/{id}/vote',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('POST', `/posts/${String(c.post.id)}/vote`, {
        ...(token ? { token } : {}),
        body: { vote_type: -1, user_id: c.as.owner.id },
      }),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'POST /api/posts/{id}/reactions',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('POST', `/posts/${String(c.post.id)}/reactions`, {
        ...(token ? { token } : {}),
        body: { reaction_type: 'laugh', user_id: c.as.owner.id },
      }),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'DELETE /api/posts/{id}/reactions',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/posts/${String(c.post.id)}/reactions`, token ? { token } : {}),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'POST /api/posts/{id}/save',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) =>
      c.api<Json>('POST', `/posts/${String(c.post.id)}/save`, token ? { token } : {}),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'DELETE /api/posts/{id}/save',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/posts/${String(c.post.id)}/save`, token ? { token } : {}),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'POST /api/post-subscriptions/{postId}',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) =>
      c.api<Json>('POST', `/post-subscriptions/${String(c.post.id)}`, token ? { token } : {}),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  {
    route: 'DELETE /api/post-subscriptions/{postId}',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/post-subscriptions/${String(c.post.id)}`, token ? { token } : {}),
    guard: (c) => ownPostState(c, String(c.post.id)),
  },
  // ---- forum: comments ----------------------------------------------------------------------
  {
    route: 'POST /api/comments',
    expect: { ...ANY_SIGNED_IN, stranger: 201, member: 201, admin: 201, owner: 201 },
    call: (c, actor, token) =>
      c.api<Json>('POST', '/comments', {
        ...(token ? { token } : {}),
        body: {
          content: `Reply by ${actor}`,
          post_id: c.post.id,
          parent_id: c.comment.id,
          author_id: c.as.owner.id,
        },
      }),
    guard: async (c) =>
      pick((await ownerView(c, `/comments/${String(c.comment.id)}`)).comment, [
        'content',
        'author_id',
      ]),
    check: (c, actor, res) => {
      expect((res.json.comment as Json).author_id, 'author is the caller').toBe(
        c.as[actor as 'owner'].id,
      );
    },
  },
  {
    route: 'PUT /api/comments/{id}',
    expect: { ...ONLY_OWNER, owner: 200 },
    texts: {
      stranger: 'You do not have permission to edit this comment',
      member: 'You do not have permission to edit this comment',
      admin: 'You do not have permission to edit this comment',
    },
    allowed: ['owner'],
    call: (c, actor, token) =>
      c.api<Json>('PUT', `/comments/${String(c.comment.id)}`, {
        ...(token ? { token } : {}),
        body: { content: `Rewritten by ${actor}` },
      }),
    guard: async (c) =>
      pick((await ownerView(c, `/comments/${String(c.comment.id)}`)).comment, [
        'content',
        'author_id',
        'is_deleted',
      ]),
  },
  {
    route: 'DELETE /api/comments/{id}',
    expect: { ...ONLY_OWNER, owner: 200 },
    texts: {
      stranger: 'You do not have permission to delete this comment',
      member: 'You do not have permission to delete this comment',
      admin: 'You do not have permission to delete this comment',
    },
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/comments/${String(c.disposableComment.id)}`, token ? { token } : {}),
    guard: async (c) =>
      pick((await ownerView(c, `/comments/${String(c.disposableComment.id)}`)).comment, [
        'content',
        'is_deleted',
      ]),
  },
  {
    route: 'POST /api/comments/{id}/vote',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('POST', `/comments/${String(c.comment.id)}/vote`, {
        ...(token ? { token } : {}),
        body: { vote_type: -1, user_id: c.as.owner.id },
      }),
    guard: (c) => ownCommentState(c, String(c.comment.id)),
  },
  {
    route: 'POST /api/comments/{id}/save',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) =>
      c.api<Json>('POST', `/comments/${String(c.comment.id)}/save`, token ? { token } : {}),
    guard: (c) => ownCommentState(c, String(c.comment.id)),
  },
  {
    route: 'DELETE /api/comments/{id}/save',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('DELETE', `/comments/${String(c.comment.id)}/save`, token ? { token } : {}),
    guard: (c) => ownCommentState(c, String(c.comment.id)),
  },
  // ---- messaging ----------------------------------------------------------------------------
  {
    route: 'GET /api/messages/conversations',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/messages/conversations', token),
    secrets: (c) => ({
      stranger: [c.conversationId, c.secretMessage],
      admin: [c.conversationId, c.secretMessage],
    }),
    check: (c, actor, res) => {
      if (actor === 'owner' || actor === 'member') {
        expect(idsIn(res.json.conversations)).toContain(c.conversationId);
      }
    },
  },
  {
    route: 'PUT /api/messages/messages/{id}/read',
    // Only the recipient (member) marks a message read; the sender gets 403, outsiders 404.
    expect: { visitor: 401, deactivated: 401, stranger: 404, admin: 404, owner: 403, member: 200 },
    texts: {
      owner: 'Only the recipient can mark a message as read',
      stranger: 'Conversation not found',
      admin: 'Conversation not found',
    },
    allowed: ['member'],
    call: (c, _a, token) =>
      c.api<Json>('PUT', `/messages/messages/${c.unreadMessageId}/read`, token ? { token } : {}),
    guard: async (c) => {
      const state = await conversationState(c);
      const message = state.find((m) => m.id === c.unreadMessageId);
      expect(message?.is_read, 'the message starts unread').toBe(false);
      return state;
    },
  },
  {
    route: 'GET /api/messages/conversations/{id}',
    expect: { visitor: 401, deactivated: 401, stranger: 404, admin: 404, owner: 200, member: 200 },
    texts: { stranger: 'Conversation not found', admin: 'Conversation not found' },
    allowed: ['member'], // reading may mark the member's messages read
    call: (c, _a, token) => get(c, `/messages/conversations/${c.conversationId}`, token),
    guard: conversationState,
    secrets: (c) => ({ stranger: [c.secretMessage], admin: [c.secretMessage] }),
  },
  {
    route: 'POST /api/messages/conversations/{id}/messages',
    expect: { visitor: 401, deactivated: 401, stranger: 404, admin: 404, owner: 201, member: 201 },
    texts: { stranger: 'Conversation not found', admin: 'Conversation not found' },
    allowed: ['owner', 'member'],
    call: (c, actor, token) =>
      c.api<Json>('POST', `/messages/conversations/${c.conversationId}/messages`, {
        ...(token ? { token } : {}),
        body: { content: `Injected by ${actor}`, sender_id: c.as.owner.id },
      }),
    guard: conversationState,
    check: (c, actor, res) => {
      const message = (res.json.message ?? res.json) as Json;
      expect(message.sender_id, 'sender is the caller').toBe(c.as[actor as 'owner'].id);
    },
  },
  {
    route: 'POST /api/messages/conversations',
    expect: { ...ANY_SIGNED_IN, stranger: 201, member: 201, admin: 201, owner: 201 },
    call: (c, actor, token) =>
      c.api<Json>('POST', '/messages/conversations', {
        ...(token ? { token } : {}),
        body: {
          recipientUsername: actor === 'member' ? c.as.owner.username : c.as.member.username,
          subject: `From ${actor}`,
          content: 'New conversation from the matrix.',
          // Must not be able to append into someone else's conversation.
          conversation_id: c.conversationId,
          id: c.conversationId,
        },
      }),
    guard: conversationState,
    allowed: ['owner', 'member'],
    check: (c, actor, res) => {
      if (actor !== 'owner' && actor !== 'member') {
        expect(res.json.id, 'a new conversation, not the existing one').not.toBe(c.conversationId);
      }
    },
  },
  {
    route: 'GET /api/messages/unread-count',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/messages/unread-count', token),
    check: (_c, actor, res) => {
      if (actor === 'stranger') expect(res.json.unreadCount, 'stranger has no messages').toBe(0);
    },
  },
  {
    route: 'GET /api/notifications',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/notifications', token),
    secrets: (c) => {
      const own = [c.notificationId];
      return { stranger: own, member: own, admin: own };
    },
    check: (c, actor, res) => {
      if (actor === 'owner') expect(idsIn(res.json.notifications)).toContain(c.notificationId);
    },
  },
  {
    route: 'GET /api/notifications/unread-count',
    expect: ANY_SIGNED_IN,
    call: (c, _a, token) => get(c, '/notifications/unread-count', token),
  },
  {
    // EXTENSIONS §L: a stream carries the caller's own counts (and events), nobody else's.
    route: 'GET /api/stream',
    expect: ANY_SIGNED_IN,
    call: (_c, _a, token) => firstStreamEvent('', token),
    check: async (c, actor, res) => {
      expect(res.json.event, 'a stream starts with the unread counts').toBe('unread');
      const data = res.json.data as Json;
      const own = await get(c, '/messages/unread-count', c.as[actor as 'owner'].token);
      expect(data.messages, `${actor}'s own unread messages`).toBe(own.json.unreadCount);
      if (actor === 'stranger') expect(data.messages, 'stranger has no messages').toBe(0);
      if (actor === 'member') expect(data.messages, 'the unread message').toBeGreaterThan(0);
    },
  },
  {
    route: 'PUT /api/notifications/{id}/read',
    expect: { visitor: 401, deactivated: 401, stranger: 404, member: 404, admin: 404, owner: 200 },
    texts: {
      stranger: 'Notification not found',
      member: 'Notification not found',
      admin: 'Notification not found',
    },
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('PUT', `/notifications/${c.notificationId}/read`, token ? { token } : {}),
    guard: async (c) => {
      const list = (await ownerView(c, '/notifications?limit=50')).notifications as Json[];
      const n = list.find((x) => x.id === c.notificationId);
      expect(n?.is_read, 'the notification starts unread').toBe(false);
      return n;
    },
  },
  {
    route: 'PUT /api/notifications/mark-all-read',
    expect: ANY_SIGNED_IN,
    allowed: ['owner'],
    call: (c, _a, token) =>
      c.api<Json>('PUT', '/notifications/mark-all-read', token ? { token } : {}),
    guard: async (c) => {
      const count = (await ownerView(c, '/notifications/unread-count')).unreadCount;
      expect(count, 'the owner has unread notifications to lose').toBeGreaterThan(0);
      return count;
    },
  },
  // ---- forum: moderation (EXTENSIONS §M1-M3) -------------------------------------------------
  // The owner's community is moderated by its owner and the admin; nobody else. Refused actors
  // aim at shared targets (re-read after each refusal); the two allowed ones act on fresh targets
  // of their own, so each success is a real one.
  ...moderationCases(),
  // ---- forum: elections (EXTENSIONS §E) -----------------------------------------------------
  ...electionCases(),
  ...searchCases(),
  ...safetyCases(),
];

/**
 * Routes of the contracts that are not resource endpoints: the session flows themselves. They are
 * covered by tokens.spec.ts (refresh, logout) and rate-limits.spec.ts (register, login, refresh,
 * forgot/reset password).
 */
const EXEMPT: Record<string, string> = {
  'POST /api/auth/register': 'creates an account; rate-limits.spec',
  'POST /api/auth/login': 'session flow; rate-limits.spec',
  'POST /api/auth/refresh': 'session flow; tokens.spec',
  'POST /api/auth/logout': 'session flow; tokens.spec',
  'POST /api/auth/forgot-password': 'no account named by the caller; rate-limits.spec',
  'POST /api/auth/reset-password': 'needs a mailed token; rate-limits.spec',
  'POST /api/auth/verify-email': 'needs a mailed token, names no account; svc-identity tests',
};

const isMutating = (r: { method: string }) => r.method !== 'get';
const isPrivateRead = (r: { method: string; auth: string }) =>
  r.method === 'get' && (r.auth === 'required' || r.auth === 'admin');

/** Secrets that never belong in a body: credentials and hashes. */
const FORBIDDEN_KEYS = /"(password|password_hash|passwordHash|hash|salt|refresh_?token_hash)"\s*:/i;

test.describe('IDOR matrix', () => {
  test('the matrix covers every public mutating route and every private read route', () => {
    const required = routes
      .filter((r) => !r.internal && (isMutating(r) || isPrivateRead(r)))
      .map((r): string => routeKey(r));
    const known = new Set(routes.map((r): string => routeKey(r)));
    const covered = new Set([...CASES.map((c) => c.route), ...Object.keys(EXEMPT)]);
    expect(
      required.filter((r) => !covered.has(r)),
      'routes missing from the matrix',
    ).toEqual([]);
    expect(
      CASES.map((c) => c.route).filter((r) => !known.has(r)),
      'matrix rows that are no route of the contracts',
    ).toEqual([]);
    expect(new Set(CASES.map((c) => c.route)).size, 'one row per route').toBe(CASES.length);
    for (const c of CASES)
      expect(Object.keys(c.expect).sort(), c.route).toEqual([...ACTORS].sort());
    console.log(
      `[idor] ${CASES.length} routes x ${ACTORS.length} actors = ${CASES.length * ACTORS.length} calls` +
        ` (${Object.keys(EXEMPT).length} session routes exempt)`,
    );
  });

  test.describe.serial('per route', () => {
    let ctx: Ctx;

    test.beforeAll(async () => {
      test.setTimeout(120_000);
      const api = apiClient(hostile.baseUrl);
      const [owner, member, stranger, deactivated, victim, moderator] = await Promise.all([
        signUp(api, 'idorown'),
        signUp(api, 'idormem'),
        signUp(api, 'idorstr'),
        signUp(api, 'idordea'),
        signUp(api, 'idorvic'),
        signUp(api, 'idormod'),
      ]);
      const blockTarget = await signUp(api, 'idorblk');
      const admin = await adminSession(api, hostile.baseUrl);
      const community = await createCommunity(api, owner);
      const joinable = await createCommunity(api, owner);
      const disposableCommunity = await createCommunity(api, owner);
      const adminDisposableCommunity = await createCommunity(api, owner);
      await join(api, member, String(community.id));
      await join(api, deactivated, String(community.id));
      await join(api, member, String(joinable.id));
      const cid = String(community.id);
      const post = await createPost(api, owner, cid, { title: 'Owner post' });
      const disposablePost = await createPost(api, owner, cid, { title: 'Disposable post' });
      const privatePost = await createPost(api, owner, cid, { title: 'Privately saved post' });
      const secretComment = `ownercomment${uniqueName('s')}`;
      const comment = await createComment(api, owner, String(post.id), secretComment);
      const disposableComment = await createComment(api, owner, String(post.id), 'Disposable');
      const privateComment = await createComment(api, owner, String(privatePost.id), 'Private');
      // The member's reply notifies the owner (reply_to_post).
      await createComment(api, member, String(post.id), 'Member reply');

      const ok = async (what: string, p: Promise<ApiResult<Json>>) => {
        const r = await p;
        expect(r.status, `${what}: ${JSON.stringify(r.json)}`).toBeLessThan(300);
      };
      const t = { token: owner.token };
      await ok('save post', api('POST', `/posts/${String(post.id)}/save`, t));
      await ok('save private post', api('POST', `/posts/${String(privatePost.id)}/save`, t));
      await ok('save comment', api('POST', `/comments/${String(comment.id)}/save`, t));
      await ok(
        'save private comment',
        api('POST', `/comments/${String(privateComment.id)}/save`, t),
      );
      await ok('subscribe', api('POST', `/post-subscriptions/${String(post.id)}`, t));
      await ok(
        'vote post',
        api('POST', `/posts/${String(post.id)}/vote`, { ...t, body: { vote_type: 1 } }),
      );
      await ok(
        'vote comment',
        api('POST', `/comments/${String(comment.id)}/vote`, { ...t, body: { vote_type: 1 } }),
      );
      await ok(
        'react',
        api('POST', `/posts/${String(post.id)}/reactions`, {
          ...t,
          body: { reaction_type: 'heart' },
        }),
      );
      await ok(
        'avatar',
        api('POST', '/auth/avatar', {
          ...t,
          form: imageForm('avatar', PNG_1X1, 'a.png', 'image/png'),
        }),
      );

      const secretMessage = `secretmessage${uniqueName('m')}`;
      const started = await startConversation(api, owner, member, 'Private subject', secretMessage);
      const conversationId = String(started.id);
      const sent = await api<Json>('POST', `/messages/conversations/${conversationId}/messages`, {
        ...t,
        body: { content: 'Second message, to be marked read by the recipient only' },
      });
      expect(sent.status).toBe(201);
      const unreadMessageId = String(((sent.json.message ?? sent.json) as Json).id);

      // The moderation rows' targets; the deactivated member is also banned from the community.
      const mod = await moderationSetup(api, owner, member, moderator, deactivated, cid);
      await ok('block', api('PUT', `/blocks/${blockTarget.username}`, t));
      await ok(
        'turn post votes off',
        api('PUT', '/notifications/preferences', { ...t, body: { post_vote: false } }),
      );

      const notificationId = await eventually('reply notification for the owner', async () => {
        const list = (await api<Json>('GET', '/notifications?limit=50', t)).json.notifications as
          Json[] | undefined;
        const n = list?.find((x) => x.type === 'reply_to_post' && x.post_id === post.id);
        return n ? String(n.id) : undefined;
      });

      // Deactivate one member; every service must refuse its unexpired token within seconds.
      const off = await api('PATCH', `/admin/users/${deactivated.id}`, {
        token: admin.token,
        body: { is_active: false, reason: 'Deactivated in the security suite' },
      });
      expect(off.status, JSON.stringify(off.json)).toBe(200);
      await eventually(
        'deactivated token refused by forum and messaging',
        async () => {
          const [f, m] = await Promise.all([
            api('GET', '/communities/my', { token: deactivated.token }),
            api('GET', '/notifications/unread-count', { token: deactivated.token }),
          ]);
          return f.status === 401 && m.status === 401 ? true : undefined;
        },
        { timeoutMs: 15_000 },
      );

      ctx = {
        api,
        as: { owner, member, stranger, admin, deactivated },
        community,
        joinable,
        disposableCommunity,
        adminDisposableCommunity,
        post,
        disposablePost,
        privatePost,
        comment,
        disposableComment,
        privateComment,
        conversationId,
        unreadMessageId,
        notificationId,
        secretMessage,
        secretComment,
        victim,
        mod,
        blockTarget,
      };
    });

    for (const row of CASES) {
      test(row.route, async () => {
        const c = ctx;
        const allowed = new Set(row.allowed ?? []);
        // Actors that may change the guarded state go last, so each other call is checked
        // against the untouched resource.
        const order = [...ACTORS].sort((a, b) => Number(allowed.has(a)) - Number(allowed.has(b)));
        const before = row.guard ? await row.guard(c) : undefined;
        const secrets = row.secrets?.(c) ?? {};
        const failures: string[] = [];
        for (const actor of order) {
          const token = actor === 'visitor' ? undefined : c.as[actor].token;
          const res = await row.call(c, actor, token);
          const wanted = ([] as number[]).concat(row.expect[actor]);
          const body = JSON.stringify(res.json);
          const where = `${row.route} as ${actor}`;
          if (!wanted.includes(res.status)) {
            failures.push(
              `${where}: ${res.status} (wanted ${wanted.join('|')}) ${body.slice(0, 200)}`,
            );
            continue;
          }
          if (res.status >= 400) {
            expectErrorBody(res, where);
            const text = row.texts?.[actor];
            if (text) expect(res.json.error, where).toBe(text);
          } else if (row.check) {
            await row.check(c, actor, res);
          }
          expect(body, `${where}: no credentials in the body`).not.toMatch(FORBIDDEN_KEYS);
          if (actor !== 'owner' && actor !== 'admin') {
            expect(body, `${where}: owner's email leaked`).not.toContain(c.as.owner.email);
          }
          for (const secret of secrets[actor] ?? []) {
            expect(body, `${where}: leaked ${secret}`).not.toContain(secret);
          }
          if (row.guard && !allowed.has(actor)) {
            expect(await row.guard(c), `${where}: the owner's resource changed`).toEqual(before);
          }
        }
        expect(failures, 'unexpected statuses').toEqual([]);
      });
    }
  });
});
