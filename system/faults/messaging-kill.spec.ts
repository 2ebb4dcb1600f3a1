import { expect, test } from '@playwright/test';
import { apiClient, eventually, type Api } from '../../scripts/lib/api-client.js';
import { startSystemStack, type SystemStack } from '../lib/system-stack.js';
import {
  FAULT_STACK_ENV,
  NotificationLedger,
  attempt,
  countByType,
  expectCleanFailure,
  messagePreview,
  ok,
  readiness,
  restartAndWait,
  verifyExactlyOnce,
  waitReady,
  type User,
} from './support.js';
import { Forum } from './workload.js';

/**
 * Scenario 1: svc-messaging is SIGKILLed while users comment on each other's posts and replies and
 * message each other. While it is down its paths answer 503 {error} at once and comments keep
 * working; after the restart every notification that should exist arrives exactly once.
 */
test.describe.serial('svc-messaging killed under load', () => {
  let stack: SystemStack;
  let api: Api;
  let users: User[];
  let forum: Forum;
  const ledger = new NotificationLedger();

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    stack = await startSystemStack({ label: 'faults-messaging', extraEnv: FAULT_STACK_ENV });
    api = apiClient(stack.gatewayUrl);
    ({ forum, users } = await Forum.populate(api, ledger, ['mka', 'mkb', 'mkc', 'mkd']));
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test('kill -9 mid-traffic: 503 while down, comments go on, every notification exactly once', async () => {
    test.setTimeout(170_000);
    let stopped = false;
    forum.phase = 'before';
    const workers = users.map((u) => forum.work(u, () => stopped));
    const messagesIn = (phase: string, status?: number) =>
      forum.count(
        (o) =>
          o.kind === 'message' &&
          o.startPhase === phase &&
          (status === undefined || o.status === status),
      );

    await eventually('some traffic before the kill', async () =>
      messagesIn('before', 201) >= 8 ? true : undefined,
    );

    // A message whose write succeeded right before the kill: its event may still be in the
    // outbox (or in flight to JetStream) when the process dies.
    const [sender, recipient] = [users[0]!, users[1]!];
    const lastWord = forum.conversations[0]!;
    const lastContent = `Right before the kill ${forum.next()}`;
    await ok(api, 'POST', `/messages/conversations/${lastWord.id}/messages`, {
      token: sender.token,
      body: { content: lastContent },
    });
    ledger.expect(recipient.id, {
      type: 'private_message',
      related_id: lastWord.id,
      content: messagePreview(lastWord.subject, lastContent),
    });
    forum.phase = 'killing';
    await stack.kill('messaging', 'SIGKILL');
    forum.phase = 'down';

    // Its paths fail cleanly and at once; forum keeps taking comments.
    const reads = await Promise.all([
      attempt(api, 'GET', '/notifications', { token: recipient.token }),
      attempt(api, 'GET', '/messages/conversations', { token: recipient.token }),
      attempt(api, 'GET', '/messages/unread-count', { token: recipient.token }),
    ]);
    for (const res of reads) {
      expect(res.status, JSON.stringify(res.json)).toBe(503);
      expectCleanFailure(res, 'messaging read while down');
      expect(res.ms).toBeLessThan(2000);
    }
    await eventually('traffic while messaging is down', async () =>
      messagesIn('down') >= 8 &&
      forum.count((o) => o.kind !== 'message' && o.startPhase === 'down' && o.status === 201) >= 8
        ? true
        : undefined,
    );

    forum.phase = 'restarting';
    const restartMs = await restartAndWait(stack, 'messaging');
    forum.phase = 'after';
    await eventually('traffic after the restart', async () =>
      messagesIn('after', 201) >= 8 ? true : undefined,
    );
    stopped = true;
    await Promise.all(workers);
    console.log(
      `[faults-messaging] messaging ready ${restartMs} ms after restart; outcomes:\n  ${forum.summary()}`,
    );

    // Comments and replies never failed: forum does not need messaging.
    const failedComments = forum.outcomes.filter((o) => o.kind !== 'message' && o.status !== 201);
    expect(failedComments).toEqual([]);
    // Messages: accepted, or a clean failure; while down, 503 {error} without a hang.
    for (const o of forum.outcomes.filter((m) => m.kind === 'message')) {
      expect(o.ms, `message took ${Math.round(o.ms)} ms`).toBeLessThan(5000);
      if (o.status === 201) continue;
      expect([503], `message ${o.startPhase}->${o.endPhase}: ${o.status} ${o.error}`).toContain(
        o.status,
      );
      expect(o.error, 'error text').toBeTruthy();
      if (o.startPhase === 'down' && o.endPhase === 'down') {
        expect(o.ms, 'refused at once').toBeLessThan(1000);
      }
    }
    expect(messagesIn('down', 201), 'nothing is accepted while messaging is down').toBe(0);
    expect(forum.count((o) => o.startPhase === 'after' && o.status !== 201)).toBe(0);

    const { all, arrivedMs } = await verifyExactlyOnce(stack, api, ledger, users);
    console.log(
      `[faults-messaging] ${all.length} notifications (${ledger.requiredCount()} required) ` +
        `exactly once, all there ${arrivedMs} ms after the load stopped: ${JSON.stringify(countByType(all))}`,
    );
  });

  test('a message accepted while NATS is down survives a kill of messaging (outbox relayed after restart)', async () => {
    test.setTimeout(120_000);
    const [sender, recipient] = [users[2]!, users[3]!];
    const conversation = forum.conversations.find(
      (c) => c.a.id === sender.id && c.b.id === recipient.id,
    )!;

    await stack.kill('nats', 'SIGKILL');
    await eventually('messaging to notice NATS is gone', async () => {
      const ready = await readiness(stack, 'messaging');
      return ready.body.checks?.nats === false ? true : undefined;
    });
    // The write succeeds without NATS: the event waits in the outbox next to the message.
    const content = `Accepted without NATS ${forum.next()}`;
    const sent = await attempt(api, 'POST', `/messages/conversations/${conversation.id}/messages`, {
      token: sender.token,
      body: { content },
    });
    expect(sent.status, JSON.stringify(sent.json)).toBe(201);
    expect(sent.ms).toBeLessThan(2000);
    ledger.expect(recipient.id, {
      type: 'private_message',
      related_id: conversation.id,
      content: messagePreview(conversation.subject, content),
    });
    // The process holding that event in memory dies before NATS is back.
    await stack.kill('messaging', 'SIGKILL');
    stack.restart('nats');
    await waitReady(stack, 'nats');
    const restartMs = await restartAndWait(stack, 'messaging');

    const { all, arrivedMs } = await verifyExactlyOnce(stack, api, ledger, users);
    const found = all.filter(
      (n) => n.related_id === conversation.id && n.content.includes('Accepted without NATS'),
    );
    expect(found).toHaveLength(1);
    console.log(
      `[faults-messaging] outbox: messaging ready ${restartMs} ms after restart, notification ` +
        `there after ${arrivedMs} ms; ${all.length} notifications exactly once`,
    );
  });
});
