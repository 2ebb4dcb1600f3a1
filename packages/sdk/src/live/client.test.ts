import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLiveClient, type LiveClient } from './client';
import {
  fakeBus,
  fakeLocks,
  fakeSession,
  manualTimers,
  recordingSink,
  streamDeps,
  streamServer,
} from './testFakes';

const opened: LiveClient[] = [];
afterEach(() => {
  opened.splice(0).forEach((c) => c.close());
});

/** One browser: shared locks and channel, one stream server, tabs opened on demand. */
function browser(userId: string | null, options: { locks?: boolean; channel?: boolean } = {}) {
  const server = streamServer();
  const locks = fakeLocks();
  const bus = fakeBus();
  const session = fakeSession(userId);
  const clock = manualTimers();
  let time = 0;
  const tab = (name: string) => {
    const rec = recordingSink();
    const client = createLiveClient(
      {
        session,
        locks: options.locks === false ? null : locks,
        channel: options.channel === false ? null : bus.open(),
        tabId: name,
        now: () => ++time,
        stream: streamDeps(server.fetch, { timers: clock.timers }),
      },
      rec.sink,
    );
    opened.push(client);
    return { client, ...rec };
  };
  return { server, session, bus, tab };
}

const unread = 'event: unread\ndata: {"notifications":4,"messages":2}\n\n';

describe('createLiveClient', () => {
  it('one tab streams; every tab gets its events and status', async () => {
    const b = browser('u1');
    const a = b.tab('a');
    const second = b.tab('b');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    await vi.waitFor(() => expect(second.status()).toBe('live'));
    expect(a.status()).toBe('live');
    b.server.open()[0]!.send(unread);
    const expected = [{ event: 'unread', data: { notifications: 4, messages: 2 } }];
    await vi.waitFor(() => expect(second.events).toEqual(expected));
    expect(a.events).toEqual(expected);
    expect(b.server.requests).toHaveLength(1);
  });

  it('a tab opened later learns that the stream is live', async () => {
    const b = browser('u1');
    b.tab('a');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    const late = b.tab('late');
    await vi.waitFor(() => expect(late.status()).toBe('live'));
    expect(b.server.requests).toHaveLength(1);
  });

  it('when the leader tab goes, the next tab opens the stream for everyone', async () => {
    const b = browser('u1');
    const a = b.tab('a');
    const second = b.tab('b');
    const third = b.tab('c');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    const first = b.server.open()[0]!;
    a.client.close();
    expect(first.signal.aborted).toBe(true);
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    expect(b.server.requests).toHaveLength(2);
    await vi.waitFor(() => expect(third.status()).toBe('live'));
    b.server.open()[0]!.send(unread);
    await vi.waitFor(() => expect(third.events).toHaveLength(1));
    expect(second.events).toHaveLength(1);
    expect(a.events).toHaveLength(0);
  });

  it('streams the post of the most recently focused tab that shows one', async () => {
    const b = browser('u1');
    const a = b.tab('a');
    const second = b.tab('b');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    second.client.setInterest('p2', true);
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream?post=p2'));
    a.client.setInterest('p1', true);
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream?post=p1'));
    second.client.touch();
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream?post=p2'));
    // A tab that leaves its post: the other tab's post is kept.
    second.client.setInterest(null, true);
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream?post=p1'));
    a.client.setInterest(null, true);
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream'));
    expect(b.server.open()).toHaveLength(1);
    // A comment event of the follower's post reaches it through the leader.
    second.client.setInterest('p3', true);
    await vi.waitFor(() => expect(b.server.open()[0]?.url).toBe('/api/stream?post=p3'));
    b.server
      .open()[0]!
      .send(
        'event: comment\ndata: {"post_id":"p3","comment_id":"k","parent_id":null,"author_id":"u2","author_username":"bob","created_at":"2026-01-01T00:00:00.000Z"}\n\n',
      );
    await vi.waitFor(() => expect(second.events.map((e) => e.event)).toEqual(['comment']));
  });

  it('a visitor streams only while some tab shows a post', async () => {
    const b = browser(null);
    const a = b.tab('a');
    const second = b.tab('b');
    await vi.waitFor(() => expect(b.bus.log.some((m) => m.kind === 'hello')).toBe(true));
    expect(b.server.requests).toHaveLength(0);
    second.client.setInterest('p1', true);
    await vi.waitFor(() =>
      expect(b.server.open().map((s) => s.url)).toEqual(['/api/stream?post=p1']),
    );
    expect(b.server.open()[0]!.headers.Authorization).toBeUndefined();
    second.client.setInterest(null, true);
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(0));
    await vi.waitFor(() => expect(a.status()).toBe('down'));
    expect(second.status()).toBe('down');
  });

  it('a refused post is not asked for again; the user stream goes on without it', async () => {
    const server = streamServer((url) => (url.includes('nsfw') ? 403 : 200));
    const rec = recordingSink();
    const client = createLiveClient(
      {
        session: fakeSession('u1'),
        locks: null,
        channel: null,
        tabId: 't',
        stream: streamDeps(server.fetch),
      },
      rec.sink,
    );
    opened.push(client);
    client.setInterest('nsfw', true);
    await vi.waitFor(() => expect(server.open().map((s) => s.url)).toEqual(['/api/stream']));
    expect(server.requests.map((r) => r.url)).toEqual([
      '/api/stream',
      '/api/stream?post=nsfw',
      '/api/stream',
    ]);
  });

  it('follows sign-out and sign-in', async () => {
    const b = browser('u1');
    const a = b.tab('a');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    b.session.set(null);
    expect(b.server.open()).toHaveLength(0);
    expect(a.status()).toBe('down');
    b.session.set('u2');
    await vi.waitFor(() => expect(b.server.open()).toHaveLength(1));
    expect(b.server.requests).toHaveLength(2);
  });

  it.each([{ locks: false }, { channel: false }])(
    'without %o every tab runs its own stream',
    async (missing) => {
      const b = browser('u1', missing);
      const a = b.tab('a');
      const second = b.tab('b');
      await vi.waitFor(() => expect(b.server.open()).toHaveLength(2));
      b.server.open()[0]!.send(unread);
      await vi.waitFor(() => expect(a.events).toHaveLength(1));
      expect(second.events).toHaveLength(0);
      expect(b.bus.log).toEqual([]);
    },
  );
});
