import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { z } from 'zod';
import { createApp } from './create-app.js';
import { HttpError } from '../errors.js';
import { parseBody, parseParams, parseQuery } from './validation.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';

let served: ServedApp | undefined;
afterEach(async () => {
  await served?.close();
  served = undefined;
});

async function start(ready?: () => Promise<Record<string, boolean>>) {
  const logs = captureLogs();
  const app = createApp({ name: 'svc-test', logger: logs.logger, ready, bodyLimit: '1kb' });
  const router = new Router();
  router.get('/boom', () => {
    throw new Error('secret database password in message');
  });
  router.get('/http-error', () => {
    throw new HttpError(409, 'Username already taken', ['username']);
  });
  router.get('/koa-throw', (ctx) => ctx.throw(418, 'I am a teapot'));
  router.post('/echo', (ctx) => {
    ctx.body = parseBody(
      ctx,
      z.object({ name: z.string().min(3, 'name is too short'), age: z.number() }),
    );
  });
  router.get('/query', (ctx) => {
    ctx.body = parseQuery(
      ctx,
      z.object({ limit: z.coerce.number().int().max(10, 'limit too big') }),
    );
  });
  router.get('/items/:id', (ctx) => {
    ctx.body = parseParams(ctx, z.object({ id: z.string().regex(/^\d+$/, 'id must be numeric') }));
  });
  router.get('/whoami', (ctx) => {
    ctx.log.info('inside handler');
    ctx.body = { requestId: ctx.requestId };
  });
  app.use(router.routes());
  served = await serve(app);
  return { logs, served };
}

const json = (body: unknown) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('error middleware', () => {
  it('maps zod errors to 400 with every issue message', async () => {
    const { served } = await start();
    const res = await served.fetch('/echo', json({ name: 'x' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; details: string[] };
    expect(body.error).toBe('Validation failed');
    expect(body.details).toHaveLength(2);
    expect(body.details).toContain('name is too short');
  });

  it('validates query and params the same way', async () => {
    const { served } = await start();
    expect((await served.fetch('/query?limit=50')).status).toBe(400);
    expect(await (await served.fetch('/query?limit=5')).json()).toEqual({ limit: 5 });
    const res = await served.fetch('/items/abc');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { details: string[] }).details).toEqual(['id must be numeric']);
  });

  it('passes valid bodies through', async () => {
    const { served } = await start();
    const res = await served.fetch('/echo', json({ name: 'ann', age: 3 }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: 'ann', age: 3 });
  });

  it('uses HttpError status, message and details', async () => {
    const { served } = await start();
    const res = await served.fetch('/http-error');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ error: 'Username already taken', details: ['username'] });
  });

  it('keeps ctx.throw 4xx messages', async () => {
    const { served } = await start();
    const res = await served.fetch('/koa-throw');
    expect(res.status).toBe(418);
    expect(await res.json()).toEqual({ error: 'I am a teapot' });
  });

  it('answers malformed JSON with 400', async () => {
    const { served } = await start();
    const res = await served.fetch('/echo', json('{"name": '));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Malformed JSON body' });
  });

  it('answers an oversized body with 413', async () => {
    const { served } = await start();
    const res = await served.fetch('/echo', json({ name: 'x'.repeat(5000), age: 1 }));
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ error: 'Request body too large' });
  });

  it('hides unknown errors behind a 500 and logs them with the stack', async () => {
    const { served, logs } = await start();
    const res = await served.fetch('/boom');
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: 'Internal server error' });
    expect(text).not.toContain('secret');
    const logged = logs.lines.find((l) => l.msg === 'request failed') as { err: { stack: string } };
    expect(logged.err.stack).toContain('secret database password');
  });

  it('answers unknown routes with a 404 error body', async () => {
    const { served } = await start();
    const res = await served.fetch('/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });
});

describe('request id', () => {
  it('generates one, returns it and binds it to the request logger', async () => {
    const { served, logs } = await start();
    const res = await served.fetch('/whoami');
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({ requestId: id });
    const lines = logs.lines.filter((l) => l.reqId === id);
    expect(lines.map((l) => l.msg)).toEqual(['inside handler', 'request']);
  });

  it('reuses a well-formed incoming id and replaces a malformed one', async () => {
    const { served } = await start();
    const kept = await served.fetch('/whoami', { headers: { 'X-Request-Id': 'abc-123' } });
    expect(kept.headers.get('x-request-id')).toBe('abc-123');
    const replaced = await served.fetch('/whoami', {
      headers: { 'X-Request-Id': 'bad id\twith spaces' },
    });
    expect(replaced.headers.get('x-request-id')).not.toContain(' ');
  });
});

describe('probes', () => {
  it('serves liveness on /health and /api/health', async () => {
    const { served } = await start();
    for (const path of ['/health', '/api/health']) {
      const res = await served.fetch(path);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ok', service: 'svc-test' });
    }
  });

  it('reports readiness per dependency', async () => {
    let mongo = true;
    const { served } = await start(async () => ({ mongo, nats: true }));
    let res = await served.fetch('/ready');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      status: 'ready',
      checks: { mongo: true, nats: true },
    });
    mongo = false;
    res = await served.fetch('/ready');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({
      error: 'Dependency unavailable: mongo',
      checks: { mongo: false },
    });
  });

  it('treats a throwing readiness check as not ready', async () => {
    const { served } = await start(async () => {
      throw new Error('x');
    });
    expect((await served.fetch('/ready')).status).toBe(503);
  });

  it('exposes Prometheus metrics with the request histogram by route', async () => {
    const { served } = await start();
    await served.fetch('/items/12');
    const res = await served.fetch('/metrics');
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toMatch(
      /http_request_duration_seconds_count\{[^}]*method="GET"[^}]*route="\/items\/:id"[^}]*status="200"/,
    );
  });
});
