import { expect, test } from '@playwright/test';
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
import { checkCommentNotifications, checkForumCounters, checkPoints } from './forum-checks.js';

/**
 * Scenario: svc-forum is SIGKILLed while a burst of writes whose parts must stand or fall
 * together is in flight: comments and replies (the comment, its parent's reply slot, the post's
 * comment_count and forum.comment.created), post and comment votes (the vote, the counters and
 * the voted event), reactions, joins and leaves (the membership and member_count), new posts (the
 * post, the author's subscription and post_count) and new communities (with the creator's
 * membership). After the restart every counter equals its rows, nothing hangs off a missing
 * parent, every stored comment notified exactly whom it should once, and every stored vote moved
 * its author's points exactly once.
 */
/** SIGKILLs per run: each lands on a different mix of half-done transactions. */
const KILLS = 3;

test.describe.serial('svc-forum killed mid-burst: paired writes both or neither', () => {
  let f: FaultStack;
  let stack: SystemStack;
  let api: Api;
  const db = (name: 'identity' | 'forum' | 'messaging') => f.db(name);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    f = await startFaultStack('faults-forum', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = f);
  });

  test.afterAll(async () => {
    await f?.stop();
  });

  test('SIGKILL during comments, votes, reactions, joins, posts: counters and events agree', async () => {
    test.setTimeout(170_000);
    const users: User[] = [];
    for (const prefix of ['fka', 'fkb', 'fkc', 'fkd', 'fke', 'fkf']) {
      users.push(await register(api, prefix));
    }
    const owner = users[0]!;
    const community = (name: string) =>
      ok<{ community: { id: string } }>(api, 'POST', '/communities', {
        token: owner.token,
        body: { name, description: 'Fault suite.', rules: 'Be kind.', is_nsfw: false },
      }).then((r) => r.community.id);
    const home = await community(uniqueName('fkh').slice(0, 30));
    const clubs = [
      await community(uniqueName('fk1').slice(0, 30)),
      await community(uniqueName('fk2').slice(0, 30)),
    ];
    const posts: { id: string; authorId: string }[] = [];
    for (const u of users) {
      if (u !== owner) await ok(api, 'POST', `/communities/${home}/join`, { token: u.token });
      const res = await ok<{ post: { id: string } }>(api, 'POST', '/posts', {
        token: u.token,
        body: { title: `Post of ${u.username}`, content: 'Body', type: 'text', community_id: home },
      });
      posts.push({ id: res.post.id, authorId: u.id });
    }
    const comments: { id: string; postId: string }[] = [];

    type Action = { kind: string; user: User; run: () => Promise<ApiResult<unknown>> };
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    const actions: [number, (user: User) => Action][] = [
      [
        4,
        (user) => ({
          kind: 'comment',
          user,
          run: async () => {
            const parent = comments.length && Math.random() < 0.4 ? pick(comments) : undefined;
            const postId = parent?.postId ?? pick(posts).id;
            const res = await attempt<{ comment: { id: string } }>(api, 'POST', '/comments', {
              token: user.token,
              body: {
                content: `Burst ${uniqueName('c')}`,
                post_id: postId,
                ...(parent ? { parent_id: parent.id } : {}),
              },
            });
            if (res.status === 201) comments.push({ id: res.json.comment.id, postId });
            return res;
          },
        }),
      ],
      [
        3,
        (user) => ({
          kind: 'vote',
          user,
          run: () => {
            const target = comments.length && Math.random() < 0.4 ? 'comments' : 'posts';
            const id = pick<{ id: string }>(target === 'posts' ? posts : comments).id;
            return attempt(api, 'POST', `/${target}/${id}/vote`, {
              token: user.token,
              body: { vote_type: pick([1, -1]) },
            });
          },
        }),
      ],
      [
        1,
        (user) => ({
          kind: 'react',
          user,
          run: () =>
            attempt(api, 'POST', `/posts/${pick(posts).id}/reactions`, {
              token: user.token,
              body: { reaction_type: pick(['heart', 'laugh', 'wow']) },
            }),
        }),
      ],
      [
        2,
        (user) => ({
          kind: 'membership',
          user,
          run: () =>
            attempt(api, 'POST', `/communities/${pick(clubs)}/${pick(['join', 'leave'])}`, {
              token: user.token,
            }),
        }),
      ],
      [
        1,
        (user) => ({
          kind: 'post',
          user,
          run: async () => {
            const res = await attempt<{ post: { id: string } }>(api, 'POST', '/posts', {
              token: user.token,
              body: {
                title: `Burst ${uniqueName('p')}`,
                content: 'x',
                type: 'text',
                community_id: home,
              },
            });
            if (res.status === 201) posts.push({ id: res.json.post.id, authorId: user.id });
            return res;
          },
        }),
      ],
      [
        0.3,
        (user) => ({
          kind: 'community',
          user,
          run: () =>
            attempt(api, 'POST', '/communities', {
              token: user.token,
              body: {
                name: uniqueName('fkn').slice(0, 30),
                description: 'A community of the burst.',
                rules: 'None.',
                is_nsfw: false,
              },
            }),
        }),
      ],
    ];
    const choose = weighted(actions);
    const shots: Shot<Action>[] = [];
    const traffic = trackedBurst(
      8,
      () => choose()(pick(users.slice(1))),
      (action) => action.run(),
      shots,
    );
    const { done } = traffic;

    // Kill while several writes are under way, KILLS times over.
    const kills = await killMidBurst(
      stack,
      'forum',
      KILLS,
      (since) => done(since) >= 60 && traffic.inFlight() >= 4,
    );
    await traffic.stop();

    await eventually('forum outbox relayed', async () =>
      (await db('forum').collection('event_outbox').countDocuments({})) === 0 ? true : undefined,
    );
    await waitConsumersSettled(stack, 90_000);
    const rows = await checkForumCounters(db('forum'));
    let told = 0;
    await eventually(
      'every comment notified exactly once, every vote counted once',
      async () => {
        told = await checkCommentNotifications(db('messaging'), rows);
        await checkPoints(db('identity'), rows);
        return true;
      },
      { timeoutMs: 75_000, intervalMs: 1000 },
    );
    // Every comment answered 201 is stored (a lost answer may have stored one more).
    const stored = new Set(rows.comments.map((c) => String(c._id)));
    expect(comments.filter((c) => !stored.has(c.id))).toEqual([]);
    const byKind = Object.fromEntries(
      ['comment', 'vote', 'react', 'membership', 'post', 'community'].map((k) => [
        k,
        statusCounts(shots.filter((s) => s.input.kind === k)),
      ]),
    );
    console.log(
      `[faults-forum] ${shots.length} writes ${JSON.stringify(byKind)}; ` +
        `at each of ${KILLS} SIGKILLs (in flight, ready after restart ms: ${killReport(shots, kills)}); ${rows.posts.length} posts, ${rows.comments.length} ` +
        `comments: counters equal their rows, ${told} comment notifications exactly once, points exact`,
    );
  });
});
