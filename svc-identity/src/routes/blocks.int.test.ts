import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { BlocksResponse, Subjects } from '@forum/contracts';
import {
  startHarness,
  waitFor,
  type IdentityHarness,
  type TestUser,
} from '../test-support/identity-harness.js';
import { collectIdentityEvents } from '../test-support/event-collector.js';

/** EXTENSIONS §B1: blocking, private, idempotent, published through the outbox (issue 20). */
let h: IdentityHarness;
let events: Awaited<ReturnType<typeof collectIdentityEvents>>;
beforeAll(async () => {
  h = await startHarness();
  events = await collectIdentityEvents(await h.producer());
});
afterEach(() => {
  vi.restoreAllMocks();
  h.clock.offsetMs = 0;
});
afterAll(async () => {
  await events?.stop();
  await h?.stop();
});

const block = (by: TestUser, username: string) =>
  h.api.put(`/api/blocks/${username}`, {}, { token: by.token });
const unblock = (by: TestUser, username: string) =>
  h.api.delete(`/api/blocks/${username}`, { token: by.token });
const list = async (by: TestUser) => {
  const res = await h.api.get('/api/blocks', { token: by.token });
  expect(res.status).toBe(200);
  return BlocksResponse.strict().parse(res.body).blocks;
};
const pair = (by: TestUser, of: TestUser) =>
  h.service.conn.collection('blocks').findOne({
    blocker_id: new Types.ObjectId(by.id),
    blocked_id: new Types.ObjectId(of.id),
  });
/** The pair's block events once the outbox has published what it stored. */
async function eventsOf(by: TestUser, of: TestUser) {
  await h.service.outbox.flush();
  await new Promise((r) => setTimeout(r, 200));
  return events
    .of(Subjects.BlockChanged)
    .filter((e) => e.blocker_id === by.id && e.blocked_id === of.id);
}

describe('PUT and DELETE /api/blocks/{username}', () => {
  it('blocks and unblocks idempotently, one version and one event per change', async () => {
    const [me, them] = [await h.register('Blocker'), await h.register('Blocked')];
    const first = await block(me, them.username.toUpperCase());
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ blocked: true });
    const made = await pair(me, them);
    expect(made).toMatchObject({ blocked: true, version: 1 });
    expect(made!.created_at).toEqual(made!.changed_at);

    // Again: the same answer, nothing written, nothing published.
    expect((await block(me, them.username)).body).toEqual({ blocked: true });
    expect(await pair(me, them)).toEqual(made);

    h.clock.offsetMs = 60_000;
    const lifted = await unblock(me, them.username);
    expect(lifted.status).toBe(200);
    expect(lifted.body).toEqual({ blocked: false });
    expect(await pair(me, them)).toMatchObject({ blocked: false, version: 2 });
    expect((await unblock(me, them.username)).body).toEqual({ blocked: false });
    expect(await pair(me, them)).toMatchObject({ blocked: false, version: 2 });

    h.clock.offsetMs = 120_000;
    expect((await block(me, them.username)).body).toEqual({ blocked: true });
    const again = await pair(me, them);
    expect(again).toMatchObject({ blocked: true, version: 3 });
    // The list's date is when the current block began.
    expect(again!.created_at.getTime()).toBeGreaterThanOrEqual(
      made!.created_at.getTime() + 120_000,
    );

    const published = await waitFor(async () => {
      const found = await eventsOf(me, them);
      return found.length >= 3 ? found : undefined;
    });
    expect(published.map((e) => e.blocked)).toEqual([true, false, true]);
    expect(published.map((e) => e.block_version)).toEqual([1, 2, 3]);
    expect(published[2]).toMatchObject({
      blocker_id: me.id,
      blocked_id: them.id,
      blocked: true,
      block_version: 3,
      changed_at: again!.changed_at.toISOString(),
    });
    // No event for the calls that changed nothing.
    expect(await eventsOf(me, them)).toHaveLength(3);
  });

  it('refuses blocking oneself, in any case; unblocking oneself changes nothing', async () => {
    const me = await h.register('Self');
    const res = await block(me, me.username.toLowerCase());
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'You cannot block yourself' });
    expect((await unblock(me, me.username)).body).toEqual({ blocked: false });
    expect(await pair(me, me)).toBeNull();
  });

  it('answers 404 User not found for an unknown user', async () => {
    const me = await h.register('Ghostly');
    for (const res of [await block(me, 'nobodyhere'), await unblock(me, 'nobodyhere')]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'User not found' });
    }
  });

  it('stores nothing when the event cannot be stored with it (one transaction)', async () => {
    const [me, them] = [await h.register('Paired'), await h.register('PairedB')];
    const { outbox } = h.service;
    const add = outbox.add.bind(outbox);
    vi.spyOn(outbox, 'add').mockImplementation((subject, data, options) =>
      subject === Subjects.BlockChanged
        ? Promise.reject(new Error('injected failure'))
        : add(subject, data, options),
    );
    expect((await block(me, them.username)).status).toBe(500);
    expect(await pair(me, them)).toBeNull();
    vi.restoreAllMocks();
    expect((await block(me, them.username)).status).toBe(200);
    expect(await pair(me, them)).toMatchObject({ blocked: true, version: 1 });
    const published = await waitFor(async () => {
      const found = await eventsOf(me, them);
      return found.length ? found : undefined;
    });
    expect(published).toHaveLength(1);
  });

  it('settles two first blocks of one pair at once on one block and one event', async () => {
    const [me, them] = [await h.register('Twice'), await h.register('TwiceB')];
    const answers = await Promise.all([block(me, them.username), block(me, them.username)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200]);
    expect(await pair(me, them)).toMatchObject({ blocked: true, version: 1 });
    expect(await eventsOf(me, them)).toHaveLength(1);
  });
});

describe('GET /api/blocks', () => {
  it("lists the caller's current blocks, newest first, and nobody else's", async () => {
    const me = await h.register('Lister');
    const [a, b, c] = [await h.register('A'), await h.register('B'), await h.register('C')];
    expect(await list(me)).toEqual([]);
    for (const [i, user] of [a, b, c].entries()) {
      h.clock.offsetMs = i * 1000;
      await block(me, user.username);
    }
    await unblock(me, b.username);
    const blocks = await list(me);
    expect(blocks.map((x) => x.username)).toEqual([c.username, a.username]);
    expect(blocks[0]).toEqual({
      user_id: c.id,
      username: c.username,
      created_at: (await pair(me, c))!.created_at.toISOString(),
    });
    // Private: the blocked users see nothing of it.
    expect(await list(c)).toEqual([]);
    const profile = await h.api.get(`/api/auth/me`, { token: c.token });
    expect(profile.text).not.toContain(me.id);
  });
});

describe('signed-in routes', () => {
  it('answer 401 without a token', async () => {
    for (const [method, path] of [
      ['GET', '/api/blocks'],
      ['PUT', '/api/blocks/someone'],
      ['DELETE', '/api/blocks/someone'],
    ] as const) {
      expect((await h.api.call(method, path)).status, `${method} ${path}`).toBe(401);
    }
  });
});
