import { Agent, request as httpRequest } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import {
  closedPortUrl,
  readBody,
  sendJson,
  startUpstream,
  type TestUpstream,
} from '../testing/upstream-server.js';

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function upstream(handler: Parameters<typeof startUpstream>[0]): Promise<TestUpstream> {
  const server = await startUpstream(handler);
  opened.push(server);
  return server;
}

async function gateway(env: Record<string, string>): Promise<GatewayUnderTest> {
  const gw = await startGateway(env);
  opened.push(gw);
  return gw;
}

/** A deferred: resolve from outside. */
function signal<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('proxy', () => {
  it('forwards method, path, query, headers and body to the owning service', async () => {
    const forum = await upstream(async (req, res) => {
      const body = (await readBody(req)).toString();
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      sendJson(res, 201, { echoed: body });
    });
    const identity = await upstream((_req, res) => sendJson(res, 200, { from: 'identity' }));
    const gw = await gateway({ FORUM_URL: forum.url, IDENTITY_URL: identity.url });

    const res = await gw.fetch('/api/posts?sort=hot&limit=2', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer abc' },
      body: JSON.stringify({ title: 'Hi' }),
    });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ echoed: '{"title":"Hi"}' });
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);

    const seen = forum.seen[0];
    expect(seen?.method).toBe('POST');
    expect(seen?.url).toBe('/api/posts?sort=hot&limit=2');
    expect(seen?.headers.authorization).toBe('Bearer abc');
    expect(seen?.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen?.headers['x-forwarded-proto']).toBe('http');
    expect(seen?.headers['x-forwarded-host']).toBe(new URL(gw.url).host);
    expect(seen?.headers['x-request-id']).toMatch(/.+/);

    // The four profile lists under /auth go to forum, the rest of /auth to identity.
    expect((await gw.fetch('/api/auth/user/alice/posts')).status).toBe(201);
    expect(await (await gw.fetch('/api/auth/user/alice')).json()).toEqual({ from: 'identity' });
    expect(forum.seen.at(-1)?.url).toBe('/api/auth/user/alice/posts');
  });

  it('passes the caller X-Request-Id through and returns it', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 200, {}));
    const gw = await gateway({ FORUM_URL: forum.url });
    const res = await gw.fetch('/api/posts', { headers: { 'x-request-id': 'trace-123' } });
    expect(res.headers.get('x-request-id')).toBe('trace-123');
    expect(forum.seen[0]?.headers['x-request-id']).toBe('trace-123');
  });

  it('strips hop-by-hop headers and ignores client X-Forwarded-For when not trusting a proxy', async () => {
    const forum = await upstream((_req, res) => {
      res.setHeader('connection', 'keep-alive, x-upstream-hop');
      res.setHeader('x-upstream-hop', '1');
      sendJson(res, 200, {});
    });
    const gw = await gateway({ FORUM_URL: forum.url });
    const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
      const req = httpRequest(`${gw.url}/api/posts`, {
        headers: {
          connection: 'keep-alive, x-client-hop',
          'x-client-hop': 'secret',
          'x-forwarded-for': '6.6.6.6',
        },
      });
      req.on('response', (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
      req.on('error', reject);
      req.end();
    });
    expect(headers['x-upstream-hop']).toBeUndefined();
    expect(forum.seen[0]?.headers['x-client-hop']).toBeUndefined();
    expect(forum.seen[0]?.headers['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('appends to X-Forwarded-For when TRUST_PROXY is set', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 200, {}));
    const gw = await gateway({ FORUM_URL: forum.url, TRUST_PROXY: 'true' });
    await gw.fetch('/api/posts', { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(forum.seen[0]?.headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('streams the response body as the upstream produces it', async () => {
    const release = signal();
    const forum = await upstream(async (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('first;');
      await release.promise;
      res.end('second');
    });
    const gw = await gateway({ FORUM_URL: forum.url });
    const res = await gw.fetch('/api/posts');
    const reader = res.body!.getReader();
    const first = await reader.read();
    // The upstream has not finished: the gateway did not wait for the whole body.
    expect(Buffer.from(first.value!).toString()).toBe('first;');
    release.resolve();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      rest += Buffer.from(chunk.value).toString();
    }
    expect(rest).toBe('second');
  });

  // Regression (hostile security sweep): Koa destroys an unpiped HEAD body and undici's stream
  // then emitted an unhandled 'error' that killed the gateway process.
  it('answers HEAD through the proxy and stays up', async () => {
    const identity = await upstream((req, res) => {
      res.writeHead(200, { 'content-type': 'image/webp', 'content-length': '1234' });
      res.end(req.method === 'HEAD' ? undefined : Buffer.alloc(1234));
    });
    const gw = await gateway({ IDENTITY_URL: identity.url });
    const uncaught: unknown[] = [];
    const onUncaught = (err: unknown) => uncaught.push(err);
    process.on('uncaughtException', onUncaught);
    try {
      for (let i = 0; i < 3; i++) {
        const head = await gw.fetch('/media/avatars/ab.webp', { method: 'HEAD' });
        expect(head.status).toBe(200);
        expect(head.headers.get('content-length')).toBe('1234');
        expect(head.headers.get('content-type')).toBe('image/webp');
      }
      await new Promise((r) => setTimeout(r, 50));
      const get = await gw.fetch('/media/avatars/ab.webp');
      expect((await get.arrayBuffer()).byteLength).toBe(1234);
    } finally {
      process.off('uncaughtException', onUncaught);
    }
    expect(uncaught).toEqual([]);
  });

  it('streams the request body to the upstream before the client has finished', async () => {
    const firstChunkArrived = signal<string>();
    const forum = await upstream(async (req, res) => {
      let total = '';
      for await (const chunk of req) {
        if (!total) firstChunkArrived.resolve(String(chunk));
        total += String(chunk);
      }
      sendJson(res, 200, { total });
    });
    const gw = await gateway({ FORUM_URL: forum.url });
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const pending = gw.fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    controller.enqueue(new TextEncoder().encode('{"title":'));
    expect(await firstChunkArrived.promise).toBe('{"title":');
    controller.enqueue(new TextEncoder().encode('"streamed"}'));
    controller.close();
    const res = await pending;
    expect(await res.json()).toEqual({ total: '{"title":"streamed"}' });
  });

  it('cancels the upstream request when the client goes away', async () => {
    const arrived = signal();
    const upstreamClosed = signal();
    const forum = await upstream((_req, res) => {
      res.on('close', () => upstreamClosed.resolve());
      arrived.resolve();
    });
    const gw = await gateway({ FORUM_URL: forum.url });
    const client = new AbortController();
    const pending = gw.fetch('/api/posts', { signal: client.signal }).catch((err: unknown) => err);
    await arrived.promise;
    client.abort();
    await pending;
    await upstreamClosed.promise;
  });

  it('answers 504 when the upstream is slower than the configured timeout', async () => {
    const forum = await upstream(() => {
      /* never answers */
    });
    const gw = await gateway({ FORUM_URL: forum.url, UPSTREAM_TIMEOUT_MS: '200' });
    const started = Date.now();
    const res = await gw.fetch('/api/posts');
    expect(res.status).toBe(504);
    expect(await res.json()).toEqual({ error: 'Upstream timeout' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 503 when the service is down, with or without a request body', async () => {
    const gw = await gateway({ MESSAGING_URL: await closedPortUrl() });
    const res = await gw.fetch('/api/notifications/unread-count');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service unavailable' });

    const post = await gw.fetch('/api/messages/conversations', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ recipientUsername: 'bob', subject: 's', content: 'x'.repeat(50_000) }),
    });
    expect(post.status).toBe(503);
    expect(await post.json()).toEqual({ error: 'Service unavailable' });
    // The gateway is still answering afterwards.
    expect((await gw.fetch('/health')).status).toBe(200);
  });

  it('forwards an absolute-form request line in origin-form', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 200, {}));
    const gw = await gateway({ FORUM_URL: forum.url });
    const status = await new Promise<number | undefined>((resolve, reject) => {
      const { port } = new URL(gw.url);
      const req = httpRequest({
        host: '127.0.0.1',
        port,
        path: `http://example.test/api/posts?x=1`,
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode);
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(200);
    expect(forum.seen[0]?.url).toBe('/api/posts?x=1');
  });

  it('refuses bodies over the limit with 413, declared or streamed', async () => {
    const forum = await upstream(async (req, res) => {
      const body = await readBody(req);
      sendJson(res, 200, { bytes: body.length });
    });
    const gw = await gateway({
      FORUM_URL: forum.url,
      JSON_BODY_LIMIT: '1kb',
      UPLOAD_BODY_LIMIT: '4kb',
    });
    const big = 'x'.repeat(2048);

    const declared = await gw.fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ content: big }),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toEqual({ error: 'Request body too large' });
    expect(forum.seen).toHaveLength(0);

    // No Content-Length: the limit is enforced on the bytes as they stream through.
    const streamed = await gw.fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < 4; i++) c.enqueue(new TextEncoder().encode(big.slice(0, 512)));
          c.enqueue(new TextEncoder().encode(big));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ error: 'Request body too large' });

    // Multipart uploads get the larger budget.
    const form = new FormData();
    form.append('image', new Blob([big]), 'a.png');
    const upload = await gw.fetch('/api/posts', { method: 'POST', body: form });
    expect(upload.status).toBe(200);
  });
});

/** A request to the logo route on `agent`'s connection, with a multipart body of `length` bytes. */
function logoRequest(gw: GatewayUnderTest, agent: Agent, method: string, length?: number) {
  const req = httpRequest({
    host: '127.0.0.1',
    port: new URL(gw.url).port,
    method,
    agent,
    path: '/api/communities/abc/logo',
    timeout: 4_000,
    headers: length
      ? { 'content-type': 'multipart/form-data; boundary=x', 'content-length': length }
      : {},
  });
  req.on('timeout', () => req.destroy(new Error(`${method} not answered within 4 s`)));
  return req;
}

describe('an upstream that answers before reading the body', () => {
  /** Two requests in a row on ONE keep-alive connection: a body the upstream never reads, then a GET. */
  async function twoOnOneConnection(
    gw: GatewayUnderTest,
    bodyBytes: number,
  ): Promise<[number | undefined, number | undefined]> {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const send = (method: string, body?: Buffer) =>
        new Promise<number | undefined>((resolve, reject) => {
          const req = logoRequest(gw, agent, method, body?.length);
          req.on('response', (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode));
          });
          req.on('error', reject);
          req.end(body);
        });
      return [await send('POST', Buffer.alloc(bodyBytes, 'a')), await send('GET')];
    } finally {
      agent.destroy();
    }
  }

  it('answers, and the next request on the same connection is answered too', async () => {
    // Like a service refusing an anonymous upload: 401 before the multipart body is read.
    const forum = await upstream((_req, res) => sendJson(res, 401, { error: 'Unauthorized' }));
    const gw = await gateway({ FORUM_URL: forum.url, UPLOAD_BODY_LIMIT: '5mb' });
    for (const size of [200_000, 2_000_000]) {
      expect(await twoOnOneConnection(gw, size)).toEqual([401, 401]);
    }
    expect((await gw.fetch('/health')).status).toBe(200);
  });
});

describe('a client still sending when the upstream has answered', () => {
  it('finishes sending, reads the answer and sends its next request on the same connection', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 401, { error: 'Unauthorized' }));
    const gw = await gateway({ FORUM_URL: forum.url });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const part = Buffer.alloc(1_000, 'a');
    // Resolves once the request is sent and its answer read; a failed write rejects.
    const send = (method: string, parts: Buffer[]) =>
      new Promise<{ status?: number; reused: boolean }>((resolve, reject) => {
        const req = logoRequest(gw, agent, method, part.length * parts.length);
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => {
            const answer = { status: res.statusCode, reused: req.reusedSocket };
            if (parts.length < 2) return resolve(answer);
            // The rest of the body leaves once the answer is in: a gateway that closed the
            // connection after answering would fail this write.
            setTimeout(() => {
              req.once('finish', () => resolve(answer));
              req.end(parts[1]);
            }, 100);
          });
        });
        req.on('error', reject);
        if (parts.length) req.write(parts[0]);
        else req.end();
      });
    try {
      const first = await send('POST', [part, part]);
      expect(first).toEqual({ status: 401, reused: false });
      expect(await send('GET', [])).toEqual({ status: 401, reused: true });
    } finally {
      agent.destroy();
    }
  });
});

describe('routing outside the table', () => {
  it('answers 404 for unknown /api paths without asking a service', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 200, {}));
    const gw = await gateway({ FORUM_URL: forum.url, IDENTITY_URL: forum.url });
    for (const path of ['/api/nope', '/api/internal/stats', '/api/admin/secret', '/api']) {
      const res = await gw.fetch(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
    expect(forum.seen).toHaveLength(0);
  });

  it('sends /api/health to forum and media to its owner', async () => {
    const forum = await upstream((req, res) =>
      sendJson(res, 200, { service: 'forum', url: req.url }),
    );
    const identity = await upstream((req, res) =>
      sendJson(res, 200, { service: 'identity', url: req.url }),
    );
    const gw = await gateway({ FORUM_URL: forum.url, IDENTITY_URL: identity.url });
    expect(await (await gw.fetch('/api/health')).json()).toEqual({
      service: 'forum',
      url: '/api/health',
    });
    expect(await (await gw.fetch('/media/avatars/ab.webp')).json()).toEqual({
      service: 'identity',
      url: '/media/avatars/ab.webp',
    });
    expect(await (await gw.fetch('/media/posts/cd.webp')).json()).toEqual({
      service: 'forum',
      url: '/media/posts/cd.webp',
    });
  });
});
