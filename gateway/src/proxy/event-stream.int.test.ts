import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway } from '../testing/gateway-under-test.js';
import { startUpstream } from '../testing/upstream-server.js';

// GET /api/stream (EXTENSIONS §L) through the gateway: headers at once, events as they are
// written, and no 10 s upstream timeout on a stream that stays open; in both proxy paths (the fast
// path, and Koa's, which dev mode uses).

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** A stand-in svc-stream: headers first, nothing more until the test writes an event. */
async function silentStreamUpstream() {
  const streams: ServerResponse[] = [];
  const server = await startUpstream((req, res) => {
    if (!req.url?.startsWith('/api/stream')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8' });
    res.flushHeaders();
    streams.push(res);
  });
  opened.push({
    close: async () => {
      for (const res of streams) res.destroy();
      await server.close();
    },
  });
  return { url: server.url, streams };
}

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string) {
  const decoder = new TextDecoder();
  let seen = '';
  while (!seen.includes(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`stream ended before ${JSON.stringify(text)}; got ${seen}`);
    seen += decoder.decode(value, { stream: true });
  }
  return seen;
}

describe.each([
  ['fast path', {}],
  ['Koa path (dev mode)', { DEV_MODE: 'true' }],
])('event streams through the gateway (%s)', (_name, extraEnv) => {
  it('sends the headers before any event, then each event as it comes, past the upstream timeout', async () => {
    const upstream = await silentStreamUpstream();
    const gw = await startGateway({
      STREAM_URL: upstream.url,
      UPSTREAM_TIMEOUT_MS: '300',
      ...extraEnv,
    });
    opened.push(gw);
    const abort = new AbortController();
    const started = performance.now();
    const res = await fetch(`${gw.url}/api/stream?post=${'a'.repeat(24)}`, {
      signal: abort.signal,
    });
    // Headers arrive although the upstream has written no byte of the body yet.
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(upstream.streams).toHaveLength(1);

    const reader = res.body!.getReader();
    upstream.streams[0]!.write('event: comment\ndata: {"n":1}\n\n');
    expect(await readUntil(reader, '"n":1')).toContain('event: comment');
    // Silence for several times the upstream timeout (300 ms here) does not cut the stream.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    upstream.streams[0]!.write('event: comment\ndata: {"n":2}\n\n');
    expect(await readUntil(reader, '"n":2')).toContain('event: comment');
    abort.abort();
  });
});
