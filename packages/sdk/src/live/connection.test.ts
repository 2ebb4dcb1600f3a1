import { describe, expect, it, vi } from 'vitest';
import { STREAM_IDLE_MS, runStream } from './connection';
import { manualTimers, recordingSink, streamDeps, streamServer } from './testFakes';

function callbacks() {
  const rec = recordingSink();
  const refused: string[] = [];
  return {
    rec,
    refused,
    callbacks: {
      onStatus: rec.sink.setStatus,
      onEvent: rec.sink.dispatch,
      onRefused: (p: string) => void refused.push(p),
    },
  };
}

describe('runStream', () => {
  it('opens with the Bearer header (no token in the URL), goes live and hands over events', async () => {
    const server = streamServer();
    const { rec, callbacks: cb } = callbacks();
    const stop = runStream({ userId: 'u1', postId: 'p1' }, streamDeps(server.fetch), cb);
    await vi.waitFor(() => expect(server.open()).toHaveLength(1));
    const [stream] = server.open();
    expect(stream!.url).toBe('/api/stream?post=p1');
    expect(stream!.url).not.toContain('token');
    expect(stream!.headers.Authorization).toBe('Bearer token-1');
    await vi.waitFor(() => expect(rec.status()).toBe('live'));
    stream!.send('event: unread\ndata: {"notifications":3,"messages":1}\n\n');
    stream!.send('event: unread\ndata: not json\n\n');
    await vi.waitFor(() =>
      expect(rec.events).toEqual([{ event: 'unread', data: { notifications: 3, messages: 1 } }]),
    );
    stop();
    expect(stream!.signal.aborted).toBe(true);
  });

  it('sends no token for a visitor', async () => {
    const server = streamServer();
    const stop = runStream(
      { userId: null, postId: 'p1' },
      streamDeps(server.fetch),
      callbacks().callbacks,
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]!.token).toBeNull();
    stop();
  });

  it('reconnects with backoff when the stream cannot open, then when it drops', async () => {
    let failing = 2;
    const server = streamServer(() => (failing-- > 0 ? 503 : 200));
    const clock = manualTimers();
    const { rec, callbacks: cb } = callbacks();
    const stop = runStream(
      { userId: 'u1', postId: null },
      streamDeps(server.fetch, { timers: clock.timers }),
      cb,
    );
    await vi.waitFor(() => expect(clock.delays()).toEqual([1_000]));
    expect(rec.status()).toBe('down');
    clock.fire(1_000);
    await vi.waitFor(() => expect(clock.delays()).toEqual([2_000]));
    clock.fire(2_000);
    await vi.waitFor(() => expect(rec.status()).toBe('live'));
    expect(server.requests).toHaveLength(3);
    // Open: only the idle watchdog is pending. The server ends the stream: back to 1 s.
    expect(clock.delays()).toEqual([STREAM_IDLE_MS]);
    server.open()[0]!.end();
    await vi.waitFor(() => expect(clock.delays()).toEqual([1_000]));
    expect(rec.status()).toBe('down');
    clock.fire(1_000);
    await vi.waitFor(() => expect(server.open()).toHaveLength(1));
    stop();
  });

  it('takes a stream silent for 60 s as dropped; any byte re-arms the watchdog', async () => {
    const server = streamServer();
    const clock = manualTimers();
    const { rec, callbacks: cb } = callbacks();
    const stop = runStream(
      { userId: 'u1', postId: null },
      streamDeps(server.fetch, { timers: clock.timers }),
      cb,
    );
    await vi.waitFor(() => expect(rec.status()).toBe('live'));
    const first = server.open()[0]!;
    first.send(': keep-alive\n\n');
    await vi.waitFor(() => expect(clock.delays()).toEqual([STREAM_IDLE_MS]));
    clock.fire(STREAM_IDLE_MS);
    await vi.waitFor(() => expect(rec.status()).toBe('down'));
    expect(first.signal.aborted).toBe(true);
    clock.fire(1_000);
    await vi.waitFor(() => expect(server.open()).toHaveLength(1));
    expect(server.open()[0]).not.toBe(first);
    stop();
  });

  it('refreshes once on a 401 and reconnects at once with the new token', async () => {
    let token = 'old';
    const server = streamServer((_url, t) => (t === 'old' ? 401 : 200));
    const refresh = vi.fn(async (sent: string) => {
      expect(sent).toBe('old');
      token = 'new';
      return true;
    });
    const { rec, callbacks: cb } = callbacks();
    const stop = runStream(
      { userId: 'u1', postId: null },
      streamDeps(server.fetch, { getToken: () => token, refresh }),
      cb,
    );
    await vi.waitFor(() => expect(rec.status()).toBe('live'));
    expect(server.requests.map((r) => r.token)).toEqual(['old', 'new']);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not refresh in a loop when the new token is refused too', async () => {
    const server = streamServer(() => 401);
    const clock = manualTimers();
    const refresh = vi.fn(async () => true);
    const stop = runStream(
      { userId: 'u1', postId: null },
      streamDeps(server.fetch, { refresh, timers: clock.timers }),
      callbacks().callbacks,
    );
    await vi.waitFor(() => expect(clock.delays()).toEqual([1_000]));
    expect(server.requests).toHaveLength(2);
    expect(refresh).toHaveBeenCalledTimes(1);
    stop();
    expect(clock.delays()).toEqual([]);
  });

  it.each([403, 404, 400])('gives up a post answered %i and says so', async (status) => {
    const server = streamServer(() => status);
    const clock = manualTimers();
    const { refused, callbacks: cb } = callbacks();
    runStream(
      { userId: null, postId: 'p9' },
      streamDeps(server.fetch, { timers: clock.timers }),
      cb,
    );
    await vi.waitFor(() => expect(refused).toEqual(['p9']));
    expect(clock.delays()).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });
});
