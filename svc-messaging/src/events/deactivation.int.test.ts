import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Subjects, createEvent } from '@forum/contracts';
import { publishEvent, PROCESSED_EVENTS_COLLECTION } from '@forum/service-kit';
import { waitFor } from '@forum/service-kit/testing';
import { startHarness, newId, type Harness, type TestUser } from '../test-support/harness.js';

// Issue 4: a deactivated account's access token (valid up to 15 more minutes) is refused here
// as soon as identity.user.updated {is_active: false} arrives, and accepted again on reactivation.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Minutes from now, so each event is newer (or deliberately older) than the last. */
const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);

async function setActive(user: { id: string; username: string }, is_active: boolean, when: Date) {
  const event = createEvent(
    Subjects.UserUpdated,
    { user_id: user.id, username: user.username, avatar_url: null, is_active },
    when,
  );
  await publishEvent(h.producer.jetstream(), Subjects.UserUpdated, event);
  return event.id;
}

const processed = (eventId: string) =>
  waitFor(
    async () =>
      (await h.service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: eventId })) === 1,
    { what: `event ${eventId} handled`, timeoutMs: 20_000 },
  );

const unreadCount = (as: TestUser) => h.call('GET', '/api/messages/unread-count', { as });

const DEACTIVATED = { status: 401, body: { error: 'Account is deactivated' } };

describe('deactivated accounts (identity.user.updated is_active)', () => {
  it('refuses the token after deactivation and accepts it again after reactivation', async () => {
    const user = await h.user();
    expect(await unreadCount(user)).toEqual({ status: 200, body: { unreadCount: 0 } });

    await setActive(user, false, at(1));
    // The request itself is the probe: an answer may be cached for up to the TTL elsewhere.
    await waitFor(async () => (await unreadCount(user)).status === 401, {
      what: 'deactivation applied',
      timeoutMs: 20_000,
    });
    expect(await unreadCount(user)).toEqual(DEACTIVATED);
    expect((await h.call('GET', '/api/notifications', { as: user })).status).toBe(401);

    // An older event (reactivation from before the deactivation) is ignored.
    await processed(await setActive(user, true, at(0)));
    expect(await unreadCount(user)).toEqual(DEACTIVATED);
    expect((await h.models.DirectoryUser.findById(user.id).lean())?.is_active).toBe(false);

    await setActive(user, true, at(2));
    await waitFor(async () => (await unreadCount(user)).status === 200, {
      what: 'reactivation applied',
      timeoutMs: 20_000,
    });
    expect(await unreadCount(user)).toEqual({ status: 200, body: { unreadCount: 0 } });
  });

  it('records a deactivation for a user the directory has not seen yet', async () => {
    const id = newId();
    const username = `ghost${id.slice(-6)}`;
    const user: TestUser = { id, username, token: await h.keys.sign({ id, username }) };
    expect((await unreadCount(user)).status).toBe(200); // unknown counts as active
    await processed(await setActive(user, false, at(1)));
    await waitFor(async () => (await unreadCount(user)).status === 401, {
      what: 'deactivation applied',
      timeoutMs: 20_000,
    });
    expect(await h.models.DirectoryUser.findById(id).lean()).toMatchObject({
      username,
      username_lower: username.toLowerCase(),
      is_active: false,
    });
  });
});
