import { expect, test } from '@playwright/test';
import { ObjectId } from 'mongodb';
import { eventually, type Api } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import {
  allNotifications,
  ok,
  register,
  sleep,
  startFaultStack,
  waitConsumersSettled,
  type FaultStack,
} from './support.js';

/** Subscribers written straight into forum's database (see the test's comment for why). */
const SUBSCRIBERS = 50_000;

/**
 * Scenario: a post with 50,000 subscribers gets a comment. forum.comment.created stays small;
 * forum's fan-out consumer stores 50 forum.comment.subscribers slices in one transaction and
 * messaging turns them into post_comment notifications on a durable of its own. Every subscriber
 * is notified exactly once (the commenter never, the post's author once, as reply_to_post), and
 * votes made while the fan-out runs notify their authors within seconds, before it ends.
 */
test.describe.serial('a comment on a post with 50,000 subscribers', () => {
  let f: FaultStack;
  let stack: SystemStack;
  let api: Api;
  const db = (name: 'forum' | 'messaging') => f.db(name);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    f = await startFaultStack('faults-fanout', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = f);
  });

  test.afterAll(async () => {
    await f?.stop();
  });

  test('every subscriber notified exactly once while votes keep flowing', async () => {
    test.setTimeout(170_000);
    const [author, commenter, voter, ...followers] = await Promise.all(
      ['foa', 'fob', 'foc', 'fod', 'foe', 'fof'].map((p) => register(api, p)),
    );
    const { community } = await ok<{ community: { id: string } }>(api, 'POST', '/communities', {
      token: author!.token,
      body: {
        name: `fo${Date.now().toString(36)}`,
        description: 'The fan-out post.',
        rules: 'Kind.',
      },
    });
    const post = (title: string) =>
      ok<{ post: { id: string } }>(api, 'POST', '/posts', {
        token: author!.token,
        body: { title, content: 'Body', type: 'text', community_id: community.id },
      }).then((r) => r.post.id);
    const crowded = await post('Followed by 50,000');
    const voted = [await post('Vote me 1'), await post('Vote me 2'), await post('Vote me 3')];
    for (const f of followers) {
      await ok(api, 'POST', `/post-subscriptions/${crowded}`, { token: f.token });
    }
    // Through the API, 50,000 subscribers would need 50,000 accounts: a registration is a
    // bcrypt hash (cost 12: ~0.25 s of a core each, over 1.5 hours here) plus three services'
    // events. The fan-out only reads post_subscriptions, so its rows are written directly, as a
    // subscribe would write them (messaging needs no account to store a notification).
    const before = new Date(Date.now() - 60_000);
    const insertStarted = Date.now();
    for (let i = 0; i < SUBSCRIBERS; i += 5000) {
      await db('forum')
        .collection('post_subscriptions')
        .insertMany(
          Array.from({ length: 5000 }, () => ({
            post_id: new ObjectId(crowded),
            user_id: new ObjectId(),
            created_at: before,
          })),
        );
    }
    const insertMs = Date.now() - insertStarted;

    const commentedAt = Date.now();
    const { comment } = await ok<{ comment: { id: string } }>(api, 'POST', '/comments', {
      token: commenter!.token,
      body: { content: 'Hello, all of you', post_id: crowded },
    });
    const notes = db('messaging').collection('notifications');
    const subscribersTold = () =>
      notes.countDocuments({ related_id: comment.id, type: 'post_comment' });
    const everyone = SUBSCRIBERS + followers.length;

    // Votes while the fan-out runs: each must reach the post's author within seconds.
    const votes: { requestMs: number; ms: number; toldSoFar: number }[] = [];
    for (const id of voted) {
      const votedAt = Date.now();
      await ok(api, 'POST', `/posts/${id}/vote`, { token: voter!.token, body: { vote_type: 1 } });
      const requestMs = Date.now() - votedAt;
      await eventually(
        'the vote notification',
        async () =>
          (await allNotifications(api, author!.token)).some(
            (n) => n.type === 'post_vote' && n.related_id === id,
          )
            ? true
            : undefined,
        { timeoutMs: 15_000, intervalMs: 100 },
      );
      votes.push({ requestMs, ms: Date.now() - votedAt, toldSoFar: await subscribersTold() });
      await sleep(300);
    }

    await eventually(
      `${everyone} subscribers notified`,
      async () => ((await subscribersTold()) >= everyone ? true : undefined),
      { timeoutMs: 120_000, intervalMs: 250 },
    );
    const fanOutMs = Date.now() - commentedAt;
    await waitConsumersSettled(stack, 60_000);

    // Exactly once each: one notification per recipient, the commenter none.
    const all = await notes
      .find({ related_id: comment.id }, { projection: { user_id: 1, type: 1 } })
      .toArray();
    const recipients = new Set(all.map((n) => String(n.user_id)));
    expect(recipients.size, 'one notification per recipient').toBe(all.length);
    expect(all.filter((n) => n.type === 'post_comment')).toHaveLength(everyone);
    expect(recipients.has(commenter!.id)).toBe(false);
    expect(all.filter((n) => String(n.user_id) === author!.id).map((n) => n.type)).toEqual([
      'reply_to_post',
    ]);
    for (const f of followers) {
      const mine = (await allNotifications(api, f.token)).filter(
        (n) => n.related_id === comment.id,
      );
      expect(mine.map((n) => n.type)).toEqual(['post_comment']);
    }
    // Votes did not wait for the fan-out: each was told within seconds, the first mid-way.
    for (const v of votes) expect(v.ms, 'vote notified within 10 s').toBeLessThan(10_000);
    expect(votes[0]!.toldSoFar, 'first vote told before the fan-out ended').toBeLessThan(everyone);
    console.log(
      `[faults-fanout] ${SUBSCRIBERS} subscriptions written in ${insertMs} ms; all ${everyone} ` +
        `subscribers notified once ${fanOutMs} ms after the comment; votes meanwhile notified in ` +
        `${votes.map((v) => v.ms).join(', ')} ms (requests answered in ` +
        `${votes.map((v) => v.requestMs).join(', ')} ms; ${votes.map((v) => v.toldSoFar).join(', ')} ` +
        `subscribers told by then)`,
    );
  });
});
