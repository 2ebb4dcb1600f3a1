import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '@forum/service-kit/testing';
import type { RunningStream } from './server.js';
import { newId, newNotification, startHarness, type Harness } from './test-support/harness.js';
import { openStalledSse } from './test-support/sse-client.js';

// How streams end: deactivation, token expiry, a slow reader, shutdown; and the keep-alive.

/**
 * Above one burst of the slow-client test (25 comments of 8 KB written in one tick): a client
 * that reads between bursts never has more than that waiting, a stalled one soon does.
 */
const MAX_BUFFER = 256 * 1024;
let h: Harness;
let svc: RunningStream;
beforeAll(async () => {
  h = await startHarness();
  svc = await h.start({ STREAM_HEARTBEAT_MS: '100', STREAM_MAX_BUFFER_BYTES: String(MAX_BUFFER) });
});
afterAll(() => h?.close());

/** A value of the service's /metrics (first sample of the series). */
async function metric(instance: RunningStream, name: string): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
  return Number(line?.split(' ').pop());
}

describe('stream lifetime', () => {
  it('sends a keep-alive comment every STREAM_HEARTBEAT_MS', async () => {
    const user = await h.user();
    const stream = await h.open(svc, { token: user.token });
    await waitFor(() => stream.keepAlives >= 3, { what: 'three keep-alives' });
    stream.close();
  });

  it("ends a user's streams when the account is deactivated, and only theirs", async () => {
    const [banned, other] = [await h.user(), await h.user()];
    const tabs = [
      await h.open(svc, { token: banned.token }),
      await h.open(svc, { token: banned.token }),
    ];
    const bystander = await h.open(svc, { token: other.token });
    await h.publishUserUpdated(banned, true);
    await h.publishUserUpdated(other, true);
    await h.publishUserUpdated(banned, false);
    await Promise.all(tabs.map((t) => t.ended));
    // The bystander's stream is still open: it keeps getting its events.
    h.live.publish({ type: 'notification', user_id: other.id, notification: newNotification() });
    await bystander.next((e) => e.event === 'notification');
    expect(bystander.isEnded()).toBe(false);
    bystander.close();
  });

  it("ends the stream at the token's expiry", async () => {
    const user = await h.user();
    const token = await h.keys.sign({ id: user.id }, { expiresIn: '2s' });
    const opened = Date.now();
    const stream = await h.open(svc, { token });
    expect(stream.status).toBe(200);
    await stream.ended;
    const exp = (Math.floor(opened / 1000) + 2) * 1000;
    // Ended by the server at exp (seconds precision), not by the client or a timeout.
    expect(Date.now()).toBeGreaterThanOrEqual(exp - 1000);
    expect(Date.now()).toBeLessThan(exp + 2000);
  });

  it('drops a client that stops reading once its buffer passes the limit, and counts it', async () => {
    const post = newId();
    h.forum.posts.set(post, 'public');
    const before = await metric(svc, 'stream_open_streams');
    const droppedBefore = await metric(svc, 'stream_slow_clients_dropped_total');
    const reader = await h.open(svc, { post });
    const stalled = await openStalledSse(svc.url, `/api/stream?post=${post}`);
    expect(stalled.status).toBe(200);
    await waitFor(async () => (await metric(svc, 'stream_open_streams')) === before + 2);

    // Big comments (a long author name) in bursts: the stalled socket's buffers fill, while the
    // reader catches up between bursts, so only the stalled one passes the limit.
    const author_username = 'x'.repeat(8 * 1024);
    let sent = 0;
    await waitFor(
      async () => {
        await h.publishComment({ post_id: post, author_username }, 25);
        sent += 25;
        await waitFor(() => reader.events.length === sent, { what: 'the reader caught up' });
        return (await metric(svc, 'stream_slow_clients_dropped_total')) === droppedBefore + 1;
      },
      { what: 'the stalled client dropped', timeoutMs: 25_000 },
    );
    await waitFor(async () => (await metric(svc, 'stream_open_streams')) === before + 1);
    // The reader that keeps up is still served.
    await h.publishComment({ post_id: post });
    await waitFor(() => reader.events.length === sent + 1, { what: 'one more comment read' });
    expect(reader.isEnded()).toBe(false);
    reader.close();
    stalled.close();
    await waitFor(async () => (await metric(svc, 'stream_open_streams')) === before);
  });

  it('ends every stream on shutdown and refuses new ones', async () => {
    const instance = await h.start();
    const user = await h.user();
    const streams = [
      await h.open(instance, { token: user.token }),
      await h.open(instance, { token: user.token }),
    ];
    await Promise.all(streams.map((s) => s.next((e) => e.event === 'unread')));
    const started = Date.now();
    await instance.stop();
    await Promise.all(streams.map((s) => s.ended));
    // Ended by the server, not by the 10 s shutdown timeout.
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect(fetch(`${instance.url}/health`)).rejects.toThrow();
  });
});
