import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED, ModerationTexts as T } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import {
  appoint,
  join,
  known,
  modlog,
  modWorld,
  ok,
  type ModWorld,
} from './test-support/moderation.js';
import { appeal, reportOf } from './test-support/reports.js';

/**
 * EXTENSIONS §M1/§M2/§M5/§M6 as a table: every moderation route by every actor. Refusals leave
 * the resource and the community's log exactly as they were (re-read after each); each allowed
 * actor acts on a fresh world.
 */
const ACTORS = [
  'visitor',
  'outsider',
  'member',
  'banned',
  'otherMod',
  'moderator',
  'owner',
  'admin',
] as const;
type Actor = (typeof ACTORS)[number];

interface Row {
  label: string;
  /** Puts the world in the state the action needs; returns ids the request uses. */
  prepare?: (w: ModWorld) => Promise<Record<string, string> | void>;
  request: (w: ModWorld, p: Record<string, string>) => [string, string, unknown?];
  /** Success statuses of the actors who may; everyone else is refused. */
  allowed: Partial<Record<Actor, number>>;
  /** What a refusal must leave unchanged (besides the log). */
  state: (w: ModWorld, p: Record<string, string>) => Promise<unknown>;
  /** How signed-in actors are refused (default 403 with §M2's text); per actor where it differs. */
  refusal?: [number, string];
  refusedAs?: Partial<Record<Actor, [number, string]>>;
  /** Whether success writes one log entry by the actor (reads and reports write none). */
  logs?: boolean;
}

let h: Harness;
let admin: TestUser;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('admin', { isAdmin: true });
});
afterAll(async () => h?.stop());

const reason = { reason: 'Breaks rule 1' };
const MODS = { moderator: 200, owner: 200, admin: 200 };
const post = (w: ModWorld) =>
  ok<{ post: Record<string, unknown> }>(h, 200, 'GET', `/api/posts/${w.post}`, { as: admin }).then(
    ({ post: p }) => [p.removed, p.locked, p.pinned, p.removal_reason, p.title],
  );
const comment = (w: ModWorld) =>
  ok<{ comment: Record<string, unknown> }>(h, 200, 'GET', `/api/comments/${w.comment}`, {
    as: admin,
  }).then(({ comment: c }) => [c.removed, c.content, c.removal_reason]);
const bans = (w: ModWorld) =>
  ok(h, 200, 'GET', `/api/communities/${w.community.id}/bans`, { as: w.owner });
const team = (w: ModWorld) => ok(h, 200, 'GET', `/api/communities/${w.community.id}/moderators`);
const postAction = (verb: string, body?: unknown) => (w: ModWorld) =>
  ['POST', `/api/posts/${w.post}/${verb}`, body] as [string, string, unknown?];
const byOwner = (verb: string, body?: unknown) => async (w: ModWorld) => {
  const [method, path] = postAction(verb)(w);
  await ok(h, 200, method, path, { as: w.owner, body });
};
/** The post reported by an outsider: its report's id. */
const reported = async (w: ModWorld) => {
  await ok(h, 201, 'POST', `/api/posts/${w.post}/report`, {
    as: w.outsider,
    body: { reason: 'Spam' },
  });
  return { reportId: (await reportOf(h, admin, w.post))!.id };
};
/** The post removed by the admin: the removal's log entry. */
const removedByAdmin = async (w: ModWorld) => {
  await ok(h, 200, 'POST', `/api/posts/${w.post}/remove`, { as: admin, body: reason });
  return { modlogId: (await modlog(h, w.community.id))[0]!.id };
};
/** ... and appealed by its author: the appeal's id. */
const appealed = async (w: ModWorld) => {
  const { modlogId } = await removedByAdmin(w);
  return { appealId: (await appeal(h, w.member, modlogId)).id };
};
const appealsOf = (w: ModWorld) =>
  Promise.all(
    ['open', 'closed'].map((status) =>
      ok(h, 200, 'GET', `/api/communities/${w.community.id}/appeals?status=${status}`, {
        as: admin,
      }),
    ),
  );
/** A second moderator (so the first's refusal to remove them is a real one). */
const secondModerator = async (w: ModWorld) => {
  const extra = await h.user();
  await appoint(h, w.owner, w.community.id, extra);
  return { userId: extra.id };
};

const ROWS: Row[] = [
  { label: 'remove a post', request: postAction('remove', reason), allowed: MODS, state: post },
  {
    label: 'restore a post',
    prepare: byOwner('remove', reason),
    request: postAction('restore', reason),
    allowed: MODS,
    state: post,
  },
  { label: 'lock a post', request: postAction('lock'), allowed: MODS, state: post },
  {
    label: 'unlock a post',
    prepare: byOwner('lock'),
    request: postAction('unlock'),
    allowed: MODS,
    state: post,
  },
  { label: 'pin a post', request: postAction('pin'), allowed: MODS, state: post },
  {
    label: 'unpin a post',
    prepare: byOwner('pin'),
    request: postAction('unpin'),
    allowed: MODS,
    state: post,
  },
  {
    label: 'remove a comment',
    request: (w) => ['POST', `/api/comments/${w.comment}/remove`, reason],
    allowed: MODS,
    state: comment,
  },
  {
    label: 'restore a comment',
    prepare: async (w) => {
      await ok(h, 200, 'POST', `/api/comments/${w.comment}/remove`, { as: w.owner, body: reason });
    },
    request: (w) => ['POST', `/api/comments/${w.comment}/restore`],
    allowed: MODS,
    state: comment,
  },
  {
    label: 'ban a user',
    prepare: async () => {
      const target = await h.user();
      await known(h, target);
      return { username: target.username };
    },
    request: (w, p) => [
      'POST',
      `/api/communities/${w.community.id}/bans`,
      { username: p.username, reason: 'Spam', days: 3 },
    ],
    allowed: { moderator: 201, owner: 201, admin: 201 },
    state: bans,
  },
  {
    label: 'lift a ban',
    request: (w) => ['DELETE', `/api/communities/${w.community.id}/bans/${w.banned.id}`],
    allowed: MODS,
    state: bans,
  },
  {
    label: 'list the bans',
    request: (w) => ['GET', `/api/communities/${w.community.id}/bans`],
    allowed: MODS,
    state: bans,
    logs: false,
  },
  {
    label: 'appoint a moderator',
    prepare: async (w) => {
      const target = await h.user();
      await known(h, target);
      await join(h, target, w.community.id);
      return { username: target.username };
    },
    request: (w, p) => [
      'POST',
      `/api/communities/${w.community.id}/moderators`,
      { username: p.username },
    ],
    allowed: { owner: 201, admin: 201 },
    state: team,
  },
  {
    label: 'remove another moderator',
    prepare: secondModerator,
    request: (w, p) => ['DELETE', `/api/communities/${w.community.id}/moderators/${p.userId}`],
    allowed: { owner: 200, admin: 200 },
    state: team,
  },
  {
    label: 'hand over ownership',
    request: (w) => [
      'POST',
      `/api/communities/${w.community.id}/owner`,
      { username: w.moderator.username },
    ],
    allowed: { owner: 200, admin: 200 },
    state: team,
  },
  // M5. Reports: anyone signed in but the author reports; the queue and its resolution are the
  // moderators'; the site-wide queue the admin's.
  ...(['posts', 'comments'] as const).map((kind): Row => ({
    label: `report a ${kind === 'posts' ? 'post' : 'comment'}`,
    request: (w) => [
      'POST',
      `/api/${kind}/${kind === 'posts' ? w.post : w.comment}/report`,
      { reason: 'Spam' },
    ],
    allowed: { outsider: 201, banned: 201, otherMod: 201, moderator: 201, owner: 201, admin: 201 },
    refusedAs: { member: [400, T.ownContent] },
    state: (w) => reportOf(h, admin, kind === 'posts' ? w.post : w.comment),
    logs: false,
  })),
  {
    label: 'list the reports',
    prepare: reported,
    request: (w) => ['GET', `/api/communities/${w.community.id}/reports`],
    allowed: MODS,
    state: (w) => reportOf(h, admin, w.post),
    logs: false,
  },
  {
    label: 'resolve a report (remove)',
    prepare: reported,
    request: (_w, p) => ['POST', `/api/reports/${p.reportId}/resolve`, { action: 'remove' }],
    allowed: MODS,
    state: async (w) => [await post(w), await reportOf(h, admin, w.post)],
  },
  {
    label: "read the site's report queue",
    prepare: reported,
    request: () => ['GET', '/api/admin/reports'],
    allowed: { admin: 200 },
    refusal: [403, ADMIN_ACCESS_DENIED],
    state: (w) => reportOf(h, admin, w.post),
    logs: false,
  },
  // M6. Appeals: only whom the decision concerns appeals (the post's author); moderators list and
  // decide. The admin removed the post, so no team member is deciding on their own action.
  {
    label: 'appeal a removal',
    prepare: removedByAdmin,
    request: (_w, p) => ['POST', '/api/appeals', { modlog_id: p.modlogId, text: 'Not spam' }],
    allowed: { member: 201 },
    refusal: [403, T.notYourDecision],
    state: (w) => appealsOf(w),
    logs: false,
  },
  {
    label: 'list the appeals',
    prepare: appealed,
    request: (w) => ['GET', `/api/communities/${w.community.id}/appeals`],
    allowed: MODS,
    state: (w) => appealsOf(w),
    logs: false,
  },
  {
    label: 'decide an appeal (overturn)',
    prepare: appealed,
    request: (_w, p) => [
      'POST',
      `/api/appeals/${p.appealId}/decide`,
      { outcome: 'overturn', reason: 'Fair' },
    ],
    allowed: MODS,
    state: async (w) => [await post(w), await appealsOf(w)],
  },
];

const userOf = (w: ModWorld, actor: Actor): TestUser | undefined =>
  actor === 'visitor' ? undefined : w[actor];

async function call(w: ModWorld, row: Row, p: Record<string, string>, actor: Actor) {
  const [method, path, body] = row.request(w, p);
  const as = userOf(w, actor);
  return h.call(method, path, { ...(as ? { as } : {}), ...(body ? { body } : {}) });
}

describe.each(ROWS)('$label', (row) => {
  it('is refused to everyone else, and the refusal changes nothing', async () => {
    const w = await modWorld(h, admin);
    const p = (await row.prepare?.(w)) ?? {};
    const before = [await row.state(w, p), await modlog(h, w.community.id)];
    for (const actor of ACTORS.filter((a) => !(a in row.allowed))) {
      const res = await call(w, row, p, actor);
      if (actor === 'visitor') expect(res.status, JSON.stringify(res.body)).toBe(401);
      else {
        const [status, error] = row.refusedAs?.[actor] ?? row.refusal ?? [403, T.forbidden];
        expect(res, actor).toEqual({ status, body: { error } });
      }
      expect([await row.state(w, p), await modlog(h, w.community.id)], actor).toEqual(before);
    }
  });

  it.each(Object.entries(row.allowed))(
    'succeeds for the %s (%d); the log gains its entry if it has one',
    async (actor, status) => {
      const w = await modWorld(h, admin);
      const p = (await row.prepare?.(w)) ?? {};
      const before = await modlog(h, w.community.id);
      const res = await call(w, row, p, actor as Actor);
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      const after = await modlog(h, w.community.id);
      // Reads and reports log nothing; every other change logs exactly one entry, by the actor.
      if (row.logs === false) expect(after).toEqual(before);
      else {
        expect(after.length).toBe(before.length + 1);
        expect(after[0]!.moderator_username).toBe(w[actor as Actor & keyof ModWorld].username);
      }
    },
  );
});
