import { expect, test } from '@playwright/test';
import { ObjectId, type Db } from 'mongodb';
import { eventually, uniqueName, type Api, type ApiResult } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import {
  attempt,
  ok,
  register,
  startFaultStack,
  waitConsumersSettled,
  type FaultStack,
  type User,
} from './support.js';
import {
  trackedBurst,
  weighted,
  killMidBurst,
  killReport,
  statusCounts,
  type Shot,
} from './paired-writes-checks.js';

/**
 * Scenario (issue 16): svc-forum is SIGKILLed while moderators remove and restore posts and
 * comments, lock and unlock posts, ban and unban members, and resolve reports by removal. An
 * action, its public log entry and its notification event are one transaction, so after the
 * restarts: every item's state is what its last log entry says, the entries of one item alternate
 * (no action without its entry, no entry without its action), every answered action has its
 * entry, and each entry that concerns a member notified them exactly once.
 */
const KILLS = 3;

/** The actions of the burst, in toggling pairs. */
const PAIRS = {
  post: ['remove_post', 'restore_post'],
  comment: ['remove_comment', 'restore_comment'],
  lock: ['lock_post', 'unlock_post'],
  ban: ['ban_user', 'unban_user'],
} as const;
/** Unlocking tells nobody (§M7 names removals, restorations, locks and bans). */
const NOTIFYING = Object.values(PAIRS)
  .flat()
  .filter((a) => a !== 'unlock_post');

interface Entry {
  action: string;
  target_id: unknown;
  target_user_id: unknown;
  moderator_id: unknown;
  created_at: Date;
  _id: unknown;
}

test.describe.serial('svc-forum killed mid-moderation: action, log entry and notification', () => {
  let f: FaultStack;
  let stack: SystemStack;
  let api: Api;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    f = await startFaultStack('faults-moderation', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = f);
  });

  test.afterAll(async () => {
    await f?.stop();
  });

  test('SIGKILL during removals, locks, bans and report resolutions: all or nothing', async () => {
    test.setTimeout(170_000);
    const t0 = Date.now();
    const phase = (what: string) =>
      console.log(`[faults-moderation] ${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    const owner = await register(api, 'mko');
    const members: User[] = [];
    for (const prefix of ['mka', 'mkb', 'mkc', 'mkd']) members.push(await register(api, prefix));
    const community = await ok<{ community: { id: string } }>(api, 'POST', '/communities', {
      token: owner.token,
      body: {
        name: uniqueName('mk').slice(0, 30),
        description: 'Moderation fault suite.',
        rules: 'Be kind.',
        is_nsfw: false,
      },
    }).then((r) => r.community.id);
    const posts: string[] = [];
    const comments: string[] = [];
    for (const m of members) {
      await ok(api, 'POST', `/communities/${community}/join`, { token: m.token });
      for (let i = 0; i < 4; i++) {
        const { post } = await ok<{ post: { id: string } }>(api, 'POST', '/posts', {
          token: m.token,
          body: {
            title: `Post ${i} of ${m.username}`,
            content: 'Body',
            type: 'text',
            community_id: community,
          },
        });
        posts.push(post.id);
        const { comment } = await ok<{ comment: { id: string } }>(api, 'POST', '/comments', {
          token: m.token,
          body: { content: `Comment ${i} of ${m.username}`, post_id: post.id },
        });
        comments.push(comment.id);
      }
    }

    phase('community, 16 posts and 16 comments made');
    type Action = { kind: string; run: () => Promise<ApiResult<unknown>> };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const as = { token: owner.token };
    /**
     * The opposite of what the item last answered to (so few requests are 409s): `on` holds the
     * items the first verb was last applied to; a 409 means the other side was right.
     */
    const toggle = (kind: string, base: string, ids: string[], verbs: [string, string]) => {
      const on = new Set<string>();
      return () => {
        const id = pick(ids);
        const verb = on.has(id) ? verbs[1] : verbs[0];
        return {
          kind,
          run: async () => {
            const res = await attempt(api, 'POST', `${base}/${id}/${verb}`, {
              ...as,
              body: { reason: `Fault ${uniqueName('r')}` },
            });
            const nowOn = res.status === 200 ? verb === verbs[0] : verb !== verbs[0];
            if (res.status === 200 || res.status === 409) {
              if (nowOn) on.add(id);
              else on.delete(id);
            }
            return res;
          },
        };
      };
    };
    // Members whose posts and comments are reported (only the first two: the others keep being
    // banned and unbanned, and a banned member may still report).
    const reporters = members.slice(2);
    const actions: [number, () => Action][] = [
      [3, toggle('post', '/posts', posts, ['remove', 'restore'])],
      [3, toggle('comment', '/comments', comments, ['remove', 'restore'])],
      [2, toggle('lock', '/posts', posts, ['lock', 'unlock'])],
      [
        1.5,
        () => {
          const m = pick(members);
          return {
            kind: 'ban',
            run: () =>
              Math.random() < 0.5
                ? attempt(api, 'POST', `/communities/${community}/bans`, {
                    ...as,
                    body: { username: m.username, reason: `Fault ${uniqueName('b')}` },
                  })
                : attempt(api, 'DELETE', `/communities/${community}/bans/${m.id}`, as),
          };
        },
      ],
      [
        2,
        () => ({
          kind: 'report',
          run: async () => {
            const reporter = pick(reporters);
            const target = pick(posts.slice(0, 8));
            const made = await attempt(api, 'POST', `/posts/${target}/report`, {
              token: reporter.token,
              body: { reason: 'Spam' },
            });
            if (made.status !== 201 && made.status !== 409) return made;
            const queue = await attempt<{ reports: { id: string; target_id: string }[] }>(
              api,
              'GET',
              `/communities/${community}/reports?status=open&limit=50`,
              as,
            );
            const row = queue.status === 200 ? queue.json.reports[0] : undefined;
            if (!row) return queue;
            return attempt(api, 'POST', `/reports/${row.id}/resolve`, {
              ...as,
              body: { action: pick(['dismiss', 'remove']), reason: 'Reported and removed' },
            });
          },
        }),
      ],
    ];
    const choose = weighted(actions);
    const shots: Shot<Action>[] = [];
    const traffic = trackedBurst(
      6,
      () => choose()(),
      (action) => action.run(),
      shots,
    );
    const { done } = traffic;

    // Kill while several writes are under way, KILLS times over.
    const kills = await killMidBurst(
      stack,
      'forum',
      KILLS,
      (since) => done(since) >= 40 && traffic.inFlight() >= 3,
    );
    await traffic.stop();

    // No 5xx other than the gateway's 503 while svc-forum was down.
    expect(shots.filter((s) => s.status >= 500 && s.status !== 503).map((s) => s.status)).toEqual(
      [],
    );

    phase(`burst over: ${shots.length} actions`);
    const forum = f.db('forum');
    await eventually('forum outbox relayed', async () =>
      (await forum.collection('event_outbox').countDocuments({})) === 0 ? true : undefined,
    );
    await waitConsumersSettled(stack, 90_000);

    const entries = (await forum
      .collection('modlog')
      .find({ community_id: { $ne: null } })
      .sort({ created_at: 1, _id: 1 })
      .toArray()) as unknown as Entry[];
    const checked = await checkStatesFollowTheLog(forum, entries, community);
    phase(`${entries.length} entries: every item follows its log`);

    // Every answered action left its entry (a lost answer may have left one more).
    const answered = (kind: string) =>
      shots.filter((s) => s.input.kind === kind && s.status >= 200 && s.status < 300).length;
    const logged = (actions: readonly string[]) =>
      entries.filter((e) => actions.includes(e.action)).length;
    expect(logged(PAIRS.lock)).toBeGreaterThanOrEqual(answered('lock'));
    expect(logged(PAIRS.ban)).toBeGreaterThanOrEqual(answered('ban'));
    expect(logged([...PAIRS.post, ...PAIRS.comment])).toBeGreaterThanOrEqual(
      answered('post') + answered('comment'),
    );

    // Each entry that concerns a member notified them exactly once.
    const messaging = f.db('messaging');
    const counts = async () => {
      const rows: { user: string; want: number; have: number }[] = [];
      for (const m of members) {
        const want = entries.filter(
          (e) => NOTIFYING.includes(e.action as never) && String(e.target_user_id) === m.id,
        ).length;
        const have = await messaging
          .collection('notifications')
          .countDocuments({ user_id: oid(m.id), type: 'mod_action' });
        rows.push({ user: m.username, want, have });
      }
      return rows;
    };
    const settled = await eventually(
      'one mod_action notification per log entry',
      async () => {
        const rows = await counts();
        return rows.every((r) => r.want === r.have) ? rows : undefined;
      },
      { timeoutMs: 45_000, intervalMs: 1000 },
    ).catch(() => undefined);
    expect(settled ?? (await counts()), 'mod_action notifications per member').toEqual(
      (await counts()).map((r) => ({ ...r, have: r.want })),
    );
    const told = settled!.reduce((n, r) => n + r.have, 0);

    const byKind = Object.fromEntries(
      ['post', 'comment', 'lock', 'ban', 'report'].map((k) => [
        k,
        statusCounts(shots.filter((s) => s.input.kind === k)),
      ]),
    );
    console.log(
      `[faults-moderation] ${shots.length} actions ${JSON.stringify(byKind)}; at each of ${KILLS} ` +
        `SIGKILLs (in flight, ready after restart ms: ${killReport(shots, kills)}); ` +
        `${entries.length} log entries: ${checked} items follow their log, ${told} notifications ` +
        'exactly once',
    );
  });
});

const oid = (hex: string) => new ObjectId(hex);

/**
 * Each item's entries of a toggling pair alternate, starting with the first verb, and the item's
 * state is what the last one says. Returns how many items were checked.
 */
async function checkStatesFollowTheLog(forum: Db, entries: Entry[], community: string) {
  const byTarget = (actions: readonly string[], key: (e: Entry) => string) => {
    const map = new Map<string, string[]>();
    for (const e of entries.filter((x) => actions.includes(x.action))) {
      map.set(key(e), [...(map.get(key(e)) ?? []), e.action]);
    }
    return map;
  };
  const problems: string[] = [];
  const follow = (
    what: string,
    logs: Map<string, string[]>,
    pair: readonly [string, string],
    state: (id: string) => boolean,
    ids: string[],
  ) => {
    for (const id of ids) {
      const seq = logs.get(id) ?? [];
      seq.forEach((action, i) => {
        if (action !== pair[i % 2]) problems.push(`${what} ${id}: log ${seq.join(',')}`);
      });
      const last = seq.at(-1);
      if (state(id) !== (last === pair[0])) {
        problems.push(`${what} ${id}: state ${state(id)} but last entry ${last ?? 'none'}`);
      }
    }
  };
  const posts = await forum.collection('posts').find({}).toArray();
  const comments = await forum.collection('comments').find({}).toArray();
  const bans = await forum.collection('bans').find({}).toArray();
  const byId = <T extends { _id: unknown }>(rows: T[]) =>
    new Map(rows.map((r) => [String(r._id), r]));
  const postRows = byId(posts);
  const commentRows = byId(comments);
  const banned = new Set(bans.map((b) => String(b.user_id)));
  const bannedUsers = new Set(
    entries.filter((e) => e.action === 'ban_user').map((e) => String(e.target_user_id)),
  );
  const targetId = (e: Entry) => String(e.target_id);
  follow(
    'post',
    byTarget(PAIRS.post, targetId),
    PAIRS.post,
    (id) => postRows.get(id)?.removed === true,
    [...postRows.keys()],
  );
  follow(
    'lock',
    byTarget(PAIRS.lock, targetId),
    PAIRS.lock,
    (id) => postRows.get(id)?.locked === true,
    [...postRows.keys()],
  );
  follow(
    'comment',
    byTarget(PAIRS.comment, targetId),
    PAIRS.comment,
    (id) => commentRows.get(id)?.removed === true,
    [...commentRows.keys()],
  );
  follow(
    'ban',
    byTarget(PAIRS.ban, (e) => String(e.target_user_id)),
    PAIRS.ban,
    (id) => banned.has(id),
    [...new Set([...bannedUsers, ...banned])],
  );
  expect(problems, `community ${community}`).toEqual([]);
  return postRows.size + commentRows.size + bannedUsers.size;
}
