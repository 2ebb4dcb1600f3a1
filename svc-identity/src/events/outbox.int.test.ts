import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects } from '@forum/contracts';
import { startHarness, waitFor, type IdentityHarness } from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

describe('events survive a NATS outage', () => {
  it('registers while NATS is down and publishes once it is back', async () => {
    await h.nats.kill();
    const user = await h.register('Offline');
    expect(await h.service.conn.collection('event_outbox').countDocuments({})).toBeGreaterThan(0);
    await h.nats.start();
    const events = await collectIdentityEvents(await h.producer());
    try {
      const registered = await waitFor(
        () => events.of(Subjects.UserRegistered).find((e) => e.user_id === user.id),
        { timeoutMs: 20_000, what: 'identity.user.registered after the outage' },
      );
      expect(registered.username).toBe(user.username);
      await waitFor(
        async () => (await h.service.conn.collection('event_outbox').countDocuments({})) === 0,
      );
    } finally {
      await events.stop();
    }
  });
});
