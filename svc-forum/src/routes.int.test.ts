import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Koa from 'koa';
import { ADMIN_ACCESS_DENIED, routeKey } from '@forum/contracts';
import { AUTH_REQUIRED, createApp, serveRoutes, type ServiceHandlers } from '@forum/service-kit';
import {
  captureLogs,
  contractRoutesOf,
  guardedRoutes,
  samplePath,
  servedRoutes,
  type ServedRoute,
} from '@forum/service-kit/testing';
import { forumHandlers } from './app.js';
import type { ForumDeps } from './deps.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
let deps: ForumDeps;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness();
  deps = { models: h.models, conn: h.conn, outbox: h.outbox, media: h.media };
  member = await h.user();
});
afterAll(async () => h?.stop());

const sorted = (routes: ServedRoute[]) =>
  [...routes].sort((a, b) => a.route.localeCompare(b.route));
const { signedIn, adminOnly, open } = guardedRoutes('forum');

describe('svc-forum routers', () => {
  it('serve exactly the forum contract routes, each behind the auth its contract names', () => {
    // What createApp serves by itself (/health, /ready, /metrics, /api/health) is no handler's.
    const probes = new Set(
      servedRoutes(
        createApp({ name: 'probes-only', logger: captureLogs('probes').logger }),
        h.auth,
      ).map((r) => r.route),
    );
    expect(probes.size).toBeGreaterThan(0);
    const served = servedRoutes(h.app, h.auth).filter((r) => !probes.has(r.route));
    expect(sorted(served)).toEqual(sorted(contractRoutesOf('forum')));
  });

  it.each(signedIn.map((r) => [routeKey(r), r] as const))(
    '%s answers 401 without a token',
    async (_key, route) => {
      const res = await h.call(route.method.toUpperCase(), samplePath(route));
      expect(res).toEqual({ status: 401, body: { error: AUTH_REQUIRED } });
    },
  );

  it.each(adminOnly.map((r) => [routeKey(r), r] as const))(
    '%s answers 403 to a signed-in non-admin',
    async (_key, route) => {
      const res = await h.call(route.method.toUpperCase(), samplePath(route), { as: member });
      expect(res).toEqual({ status: 403, body: { error: ADMIN_ACCESS_DENIED } });
    },
  );

  it.each(open.map((r) => [routeKey(r), r] as const))('%s needs no token', async (_key, route) => {
    const res = await h.call(route.method.toUpperCase(), samplePath(route));
    expect(res.status).not.toBe(401);
    expect(res.status).toBeLessThan(500);
  });
});

describe('serveRoutes', () => {
  const serve = (handlers: ServiceHandlers<'forum'>) => () =>
    serveRoutes(new Koa(), { service: 'forum', auth: h.auth, handlers });

  it('takes the full forum handler map', () => {
    expect(serve(forumHandlers(deps))).not.toThrow();
  });

  it('refuses a handler map with a missing or an extra key', () => {
    const { 'GET /api/posts/{id}': _dropped, ...rest } = forumHandlers(deps);
    // The type rejects it too; the start-up check covers what a cast or plain JS lets through.
    const missing = rest as ServiceHandlers<'forum'>;
    expect(serve(missing)).toThrow(
      'forum: routes without a handler [GET /api/posts/{id}], handlers without a contract route []',
    );
    const extra = { ...forumHandlers(deps), 'GET /api/nowhere': () => ({}) };
    expect(serve(extra)).toThrow(
      'forum: routes without a handler [], handlers without a contract route [GET /api/nowhere]',
    );
    // /api/health is createApp's probe, never a handler's.
    const probe = { ...forumHandlers(deps), 'GET /api/health': () => ({}) };
    expect(serve(probe)).toThrow('handlers without a contract route [GET /api/health]');
  });
});
