import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import { closedPortUrl, sendJson, startUpstream } from '../testing/upstream-server.js';

// The proxy fast path (body-less /api calls, outside Koa) must look exactly like the Koa path.

const opened: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

async function upstream(handler: Parameters<typeof startUpstream>[0]) {
  const server = await startUpstream(handler);
  opened.push(server);
  return server;
}

/** A gateway whose log lines are collected (parsed JSON). */
async function gatewayWithLog(
  env: Record<string, string>,
): Promise<{ gw: GatewayUnderTest; lines: Record<string, unknown>[] }> {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      callback();
    },
  });
  const gw = await startGateway(env, { logger: pino({ name: 'gateway', level: 'info' }, sink) });
  opened.push(gw);
  return { gw, lines };
}

/** Lines are written asynchronously by pino: wait for the first one that matches. */
async function lineLike(
  lines: Record<string, unknown>[],
  match: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const found = lines.find((l) => Object.entries(match).every(([k, v]) => l[k] === v));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no log line like ${JSON.stringify(match)}`);
    await new Promise((r) => setImmediate(r));
  }
}

describe('proxy fast path', () => {
  it('keeps the security headers and the request id its own, whatever the upstream sends', async () => {
    const forum = await upstream((_req, res) => {
      res.setHeader('x-frame-options', 'ALLOWALL');
      res.setHeader('content-security-policy', "script-src 'unsafe-inline'");
      res.setHeader('x-request-id', 'from-upstream');
      res.setHeader('proxy-authenticate', 'Basic');
      res.setHeader('set-cookie', ['a=1', 'b=2']);
      sendJson(res, 200, { ok: true });
    });
    const { gw } = await gatewayWithLog({ FORUM_URL: forum.url, HSTS: '600' });
    const res = await gw.fetch('/api/posts?limit=20', { headers: { 'x-request-id': 'trace-9' } });
    expect(res.status).toBe(200);
    expect(res.statusText).toBe('OK');
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    expect(res.headers.get('strict-transport-security')).toBe('max-age=600; includeSubDomains');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-request-id')).toBe('trace-9');
    expect(res.headers.get('proxy-authenticate')).toBeNull();
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(forum.seen[0]?.headers['x-request-id']).toBe('trace-9');
  });

  it('makes up a request id when the caller sends none or a bad one', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 200, {}));
    const { gw } = await gatewayWithLog({ FORUM_URL: forum.url });
    const res = await gw.fetch('/api/posts', { headers: { 'x-request-id': 'bad id {}' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(forum.seen[0]?.headers['x-request-id']).toBe(id);
  });

  it('writes the access log line and the metrics of a proxied call', async () => {
    const forum = await upstream((_req, res) => sendJson(res, 201, {}));
    const { gw, lines } = await gatewayWithLog({ FORUM_URL: forum.url });
    const res = await gw.fetch('/api/posts/abc/comments?sort=best', {
      method: 'GET',
      headers: { 'x-request-id': 'log-1' },
    });
    expect(res.status).toBe(201);
    const line = await lineLike(lines, { msg: 'request', reqId: 'log-1' });
    expect(line).toMatchObject({
      level: 30,
      name: 'gateway',
      method: 'GET',
      path: '/api/posts/abc/comments',
      status: 201,
    });
    expect(typeof line.ms).toBe('number');
    // Probes stay out of the access log.
    await gw.fetch('/api/health', { headers: { 'x-request-id': 'quiet-1' } });
    const metrics = await (await gw.fetch('/metrics')).text();
    expect(metrics).toMatch(
      /http_request_duration_seconds_count\{service="gateway",method="GET",route="\/api\/posts\/:id\/comments",status="201"\} 1/,
    );
    expect(metrics).toMatch(/route="\/api\/health",status="201"/);
    expect(lines.some((l) => l.reqId === 'quiet-1' && l.msg === 'request')).toBe(false);
  });

  it('logs a warning with the cause, and the 503 as an error line, when the service is down', async () => {
    const { gw, lines } = await gatewayWithLog({ FORUM_URL: await closedPortUrl() });
    const res = await gw.fetch('/api/posts', { headers: { 'x-request-id': 'down-1' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('x-request-id')).toBe('down-1');
    expect(await res.json()).toEqual({ error: 'Service unavailable' });
    const warn = await lineLike(lines, { msg: 'request failed', reqId: 'down-1' });
    expect(warn).toMatchObject({ level: 40, status: 503, error: 'Service unavailable' });
    expect(String(warn.cause)).toContain('ECONNREFUSED');
    expect(await lineLike(lines, { msg: 'request', reqId: 'down-1' })).toMatchObject({
      level: 50,
      status: 503,
    });
  });

  it('answers HEAD with the headers only', async () => {
    const forum = await upstream((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '11' });
      res.end(req.method === 'HEAD' ? undefined : '{"a":"xyz"}');
    });
    const { gw } = await gatewayWithLog({ FORUM_URL: forum.url });
    const head = await gw.fetch('/api/posts', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('11');
    expect(await head.text()).toBe('');
    expect(await (await gw.fetch('/api/posts')).json()).toEqual({ a: 'xyz' });
  });

  it('streams a large body through with backpressure, byte for byte', async () => {
    const body = Buffer.alloc(8 * 1024 * 1024, 'abcdefgh');
    const forum = await upstream((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(body);
    });
    const { gw } = await gatewayWithLog({ FORUM_URL: forum.url });
    const res = await gw.fetch('/api/posts');
    expect(Buffer.from(await res.arrayBuffer()).equals(body)).toBe(true);
  });
});
