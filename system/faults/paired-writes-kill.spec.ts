import { expect, test } from '@playwright/test';
import { eventually, uniqueName, type Api } from '../../scripts/lib/api-client.js';
import type { SystemStack } from '../lib/system-stack.js';
import {
  PASSWORD,
  attempt,
  ok,
  register,
  startFaultStack,
  waitConsumersSettled,
  type FaultStack,
  type User,
} from './support.js';
import {
  burst,
  checkIdentity,
  checkMessaging,
  checkSignupNotifications,
  killMidBurst,
  killReport,
  statusCounts,
  type Shot,
} from './paired-writes-checks.js';

/**
 * Scenario: a service is SIGKILLed, three times, during a burst of requests whose writes must
 * stand or fall together (one transaction each): registrations in svc-identity (the account, its
 * claims, its session, the referral, badges, the Founders Club counter and their events), then
 * messages in svc-messaging (the message, its conversation's last message and unread counter,
 * and its event). After the restarts every account and conversation is whole, nothing exists
 * without the write it belongs to, and every event of a stored write was delivered exactly once
 * downstream.
 */
test.describe.serial('paired writes: SIGKILL mid-burst leaves both or neither', () => {
  let fault: FaultStack;
  let stack: SystemStack;
  let api: Api;
  const db = (name: 'identity' | 'forum' | 'messaging') => fault.db(name);

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    // Cheap hashes: a registration is then mostly its transaction, which the kill should hit.
    fault = await startFaultStack('faults-paired', { BCRYPT_ROUNDS: '4' });
    ({ stack, api } = fault);
  });

  test.afterAll(async () => {
    await fault?.stop();
  });

  const KILLS = 3;

  test('identity killed during registrations: every account whole, and known downstream', async () => {
    test.setTimeout(170_000);
    const referrer = await register(api, 'pwref');
    const { referral_code } = await ok<{ referral_code: string }>(
      api,
      'GET',
      '/auth/referral-code',
      { token: referrer.token },
    );
    let stopped = false;
    let n = 0;
    const shots: Shot<{ username: string; referred: boolean }>[] = [];
    const created = (after = 0) => shots.filter((s) => s.status === 201 && s.started > after);
    const running = burst(
      6,
      () => ({ username: uniqueName('pw'), referred: n++ % 2 === 0 }),
      ({ username, referred }) =>
        attempt(api, 'POST', '/auth/register', {
          body: {
            username,
            email: `${username.toLowerCase()}@example.test`,
            password: PASSWORD,
            ...(referred ? { referral_code } : {}),
          },
        }),
      () => stopped,
      shots,
    );
    const kills = await killMidBurst(
      stack,
      'identity',
      KILLS,
      (since) => created(since).length >= 20,
    );
    stopped = true;
    await running;

    const stored = await checkIdentity(db('identity'));
    const names = new Set(stored.users.map((u) => String(u.username)));
    expect(created().filter((s) => !names.has(s.input.username))).toEqual([]);
    const lost = shots.filter((s) => s.status !== 201 && names.has(s.input.username)).length;
    await eventually('identity outbox relayed', async () =>
      (await db('identity').collection('event_outbox').countDocuments({})) === 0 ? true : undefined,
    );

    // Downstream: forum and messaging know every account; messaging told each one once.
    await waitConsumersSettled(stack);
    for (const u of stored.users) {
      const username = String(u.username);
      const inMessaging = await fetch(
        `${stack.serviceUrl('messaging')}/internal/directory/${username}`,
      );
      expect(inMessaging.status, `${username} in messaging's directory`).toBe(200);
      const inForum = await attempt(api, 'GET', `/auth/user/${username}/posts`);
      expect(inForum.status, `${username} in forum's directory`).toBe(200);
    }
    await eventually(
      'every sign-up notification',
      async () => {
        await checkSignupNotifications(db('messaging'), stored);
        return true;
      },
      { timeoutMs: 75_000, intervalMs: 1000 },
    );
    await checkSignupNotifications(db('messaging'), stored);
    console.log(
      `[faults-paired] identity: ${shots.length} registrations (${statusCounts(shots)}), ` +
        `${lost} stored whose answer was lost; ${stored.users.length} accounts whole, ` +
        `${stored.referrals.length} referrals, ${stored.badges.length} badges; ` +
        `at each SIGKILL (requests in flight, ready after restart ms): ${killReport(shots, kills)}`,
    );
  });

  test('messaging killed during messages: counters, last messages and notifications agree', async () => {
    test.setTimeout(170_000);
    const users: User[] = [];
    for (const prefix of ['pwa', 'pwb', 'pwc', 'pwd']) users.push(await register(api, prefix));
    const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
    let stopped = false;
    let n = 0;
    type Send = { sender: User; recipient: User; content: string; fresh: boolean; read: boolean };
    const shots: Shot<Send>[] = [];
    const conversations = new Map<string, string>();
    const pairKey = (a: User, b: User) => [a.id, b.id].sort().join(':');
    // Reads answer 200; a read of a pair without a conversation yet starts one (201).
    const sent = (after = 0) => shots.filter((s) => s.status === 201 && s.started > after);
    const send = async ({ sender, recipient, content, fresh, read }: Send) => {
      const known = conversations.get(pairKey(sender, recipient));
      if (read && known) {
        // The recipient opens it: messages flipped read and the counter moved, together.
        return attempt(api, 'GET', `/messages/conversations/${known}`, { token: recipient.token });
      }
      if (known && !fresh) {
        return attempt(api, 'POST', `/messages/conversations/${known}/messages`, {
          token: sender.token,
          body: { content },
        });
      }
      const res = await attempt<{ id: string }>(api, 'POST', '/messages/conversations', {
        token: sender.token,
        body: { recipientUsername: recipient.username, subject: `Topic ${n}`, content },
      });
      if (res.status === 201) conversations.set(pairKey(sender, recipient), res.json.id);
      return res;
    };
    const running = burst(
      6,
      () => {
        const sender = pick(users);
        const recipient = pick(users.filter((u) => u !== sender));
        const i = n++;
        return {
          sender,
          recipient,
          content: `Burst ${i} ${uniqueName('m')}`,
          fresh: i % 7 === 0,
          read: i % 5 === 0,
        };
      },
      send,
      () => stopped,
      shots,
    );
    const kills = await killMidBurst(
      stack,
      'messaging',
      KILLS,
      (since) => sent(since).length >= 25,
    );
    stopped = true;
    await running;

    await waitConsumersSettled(stack, 90_000);
    let contents = new Set<string>();
    await eventually(
      'every message notified once',
      async () => {
        contents = await checkMessaging(db('messaging'));
        return true;
      },
      { timeoutMs: 75_000, intervalMs: 1000 },
    );
    expect(sent().filter((s) => !contents.has(s.input.content))).toEqual([]);
    await eventually('messaging outbox relayed', async () =>
      (await db('messaging').collection('event_outbox').countDocuments({})) === 0
        ? true
        : undefined,
    );
    const lost = shots.filter((s) => s.status !== 201 && contents.has(s.input.content)).length;
    console.log(
      `[faults-paired] messaging: ${shots.length} sends and reads (${statusCounts(shots)}), ` +
        `${lost} stored whose answer was lost; ${contents.size} messages agree with their ` +
        `conversations' counters and notifications; at each SIGKILL (requests in flight, ready ` +
        `after restart ms): ${killReport(shots, kills)}`,
    );
  });
});
