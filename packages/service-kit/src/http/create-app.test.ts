import { afterEach, describe, expect, it } from 'vitest';
import { Router } from '@koa/router';
import { z } from 'zod';
import { createApp } from './create-app.js';
import { HttpError, gatewayTimeout, serviceUnavailable } from '../errors.js';
import { setRouteLabel } from './metrics.js';
import { parseParams, parseQuery, validBody } from './validation.js';
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
    ctx.body = validBody(
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
    // A body's error is its first broken rule's own text; details list every rule.
    expect(body.error).toBe('name is too short');
    expect(body.details).toHaveLength(2);
    expect(body.details).toContain('name is too short');
  });

  it('validates query and params the same way', async () => {
    const { served } = await start();
    expect((await served.fetch('/query?limit=50')).status).toBe(400);
    expect(await (await served.fetch('/query?limit=5')).json()).toEqual({ limit: 5 });
    const res = await served.fetch('/items/abc');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: 'id must be numeric',
      details: ['id must be numeric'],
    });
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

describe('options for apps that are not plain services (the gateway)', () => {
  it('bodyParser: false leaves the request stream unread', async () => {
    const app = createApp({ name: 'gw', logger: captureLogs().logger, bodyParser: false });
    app.use(async (ctx) => {
      const chunks: Buffer[] = [];
      for await (const chunk of ctx.req) chunks.push(chunk as Buffer);
      ctx.body = {
        parsed: (ctx.request as { body?: unknown }).body ?? null,
        raw: Buffer.concat(chunks).toString(),
      };
    });
    served = await serve(app);
    const res = await served.fetch('/x', json({ a: 1 }));
    expect(await res.json()).toEqual({ parsed: null, raw: '{"a":1}' });
  });

  it('apiHealthAlias: false lets /api/health reach the app; beforeRoutes run before the probes', async () => {
    const seen: string[] = [];
    const app = createApp({
      name: 'gw',
      logger: captureLogs().logger,
      apiHealthAlias: false,
      beforeRoutes: [
        async (ctx, next) => {
          seen.push(ctx.path);
          ctx.set('X-Before', '1');
          if (ctx.path === '/ready') {
            ctx.body = { status: 'mine' };
            return;
          }
          await next();
        },
      ],
    });
    app.use((ctx) => {
      ctx.body = { forwarded: ctx.path };
    });
    served = await serve(app);
    expect(await (await served.fetch('/api/health')).json()).toEqual({ forwarded: '/api/health' });
    const health = await served.fetch('/health');
    expect(await health.json()).toEqual({ status: 'ok', service: 'gw' });
    expect(health.headers.get('x-before')).toBe('1');
    expect(await (await served.fetch('/ready')).json()).toEqual({ status: 'mine' });
    expect(seen).toEqual(['/api/health', '/health', '/ready']);
  });

  it('setRouteLabel names the metrics route of requests no router matched', async () => {
    const app = createApp({ name: 'gw', logger: captureLogs().logger });
    app.use((ctx) => {
      setRouteLabel(ctx, '/media/*');
      ctx.body = 'ok';
    });
    served = await serve(app);
    await served.fetch('/media/a/b.webp');
    const text = await (await served.fetch('/metrics')).text();
    expect(text).toMatch(/http_request_duration_seconds_count\{[^}]*route="\/media\/\*"/);
    expect(text).not.toContain('b.webp');
  });

  it('logs expected 503/504 at warn without a stack, unexpected ones at error with it', async () => {
    const logs = captureLogs();
    const app = createApp({ name: 'gw', logger: logs.logger });
    app.use((ctx) => {
      const cause = new Error('connect ECONNREFUSED 127.0.0.1:4002');
      if (ctx.path === '/down') throw serviceUnavailable(undefined, { cause });
      if (ctx.path === '/slow') throw gatewayTimeout();
      if (ctx.path === '/flag')
        throw new HttpError(503, 'Dependency down', undefined, { expected: true });
      throw new HttpError(503, 'Database unavailable', undefined, { cause });
    });
    served = await serve(app);
    const down = await served.fetch('/down');
    expect([down.status, await down.json()]).toEqual([503, { error: 'Service unavailable' }]);
    const slow = await served.fetch('/slow');
    expect([slow.status, await slow.json()]).toEqual([504, { error: 'Upstream timeout' }]);
    expect((await served.fetch('/flag')).status).toBe(503);
    expect((await served.fetch('/db')).status).toBe(503);
    const failed = logs.lines.filter((l) => l.msg === 'request failed') as {
      level: number;
      cause?: string;
      err?: { stack: string; cause?: unknown };
    }[];
    expect(failed.map((l) => l.level)).toEqual([40, 40, 40, 50]);
    expect(failed[0]?.cause).toBe('Error: connect ECONNREFUSED 127.0.0.1:4002');
    expect(failed.slice(0, 3).every((l) => l.err === undefined)).toBe(true);
    expect(failed[3]?.err?.stack).toContain('Database unavailable');
  });
});

describe('database guard', () => {
  it('answers 503 for API paths while no database member answers, and passes them once one does', async () => {
    const logs = captureLogs();
    let answers = false;
    const db = { reachable: () => answers };
    let reached = 0;
    const app = createApp({ name: 'svc-test', logger: logs.logger, database: db });
    app.use((ctx) => {
      reached++;
      ctx.body = { ok: true };
    });
    served = await serve(app);
    const down = await served.fetch('/api/posts');
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({ error: 'Service unavailable' });
    expect(reached).toBe(0);
    // Probes keep answering: /ready is how operators see the outage.
    expect((await served.fetch('/health')).status).toBe(200);
    expect((await served.fetch('/api/health')).status).toBe(200);
    answers = true;
    expect((await served.fetch('/api/posts')).status).toBe(200);
    expect(reached).toBe(1);
  });

  it('turns driver connectivity errors into 503 without a stack in the logs', async () => {
    const logs = captureLogs();
    const app = createApp({ name: 'svc-test', logger: logs.logger });
    app.use(() => {
      const err = new Error('connection <monitor> to 127.0.0.1:27017 closed');
      err.name = 'MongoNetworkError';
      throw err;
    });
    served = await serve(app);
    const res = await served.fetch('/api/posts');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service unavailable' });
    const failed = logs.lines.find((l) => l.msg === 'request failed');
    expect(failed).toMatchObject({
      level: 40,
      status: 503,
      cause: 'MongoNetworkError: connection <monitor> to 127.0.0.1:27017 closed',
    });
    expect(failed?.err).toBeUndefined();
  });

  it('answers 503 when the server is not the primary any more (a write during an election)', async () => {
    const app = createApp({ name: 'svc-test', logger: captureLogs().logger });
    app.use(() => {
      // What an updateMany (not retried by the driver) gets from a primary that stepped down.
      throw Object.assign(new Error('not primary'), { name: 'MongoServerError', code: 10107 });
    });
    served = await serve(app);
    const res = await served.fetch('/api/posts');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: 'Service unavailable' });
  });
});
