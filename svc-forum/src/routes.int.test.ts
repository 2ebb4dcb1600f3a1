import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ACCESS_DENIED, routeKey } from '@forum/contracts';
import { AUTH_REQUIRED } from '@forum/service-kit';
import {
  contractRoutesOf,
  guardedRoutes,
  samplePath,
  servedRoutes,
} from '@forum/service-kit/testing';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness();
  member = await h.user();
});
afterAll(async () => h?.stop());

const { signedIn, adminOnly, open } = guardedRoutes('forum');

describe('svc-forum routers', () => {
  it('serve exactly the forum contract routes, each behind the auth its contract names', () => {
    expect(servedRoutes(h.app, h.auth)).toEqual(contractRoutesOf('forum'));
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
