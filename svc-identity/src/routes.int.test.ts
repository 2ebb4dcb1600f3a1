import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuth, signAccessToken } from '@forum/service-kit';
import {
  contractRoutesOf,
  guardedRoutes,
  samplePath,
  serve,
  servedRoutes,
  type ServedApp,
} from '@forum/service-kit/testing';
import { createIdentityApp } from './app.js';
import { startHarness, type IdentityHarness } from './test-support/identity-harness.js';

let h: IdentityHarness;
let served: ServedApp;
const { signedIn, adminOnly, open } = guardedRoutes('identity');

beforeAll(async () => {
  h = await startHarness({ ADMIN_USERNAME: 'boss' });
});
afterAll(async () => {
  await served?.close();
  await h?.stop();
});

/** The app as server.ts builds it, with an auth object the test can look for in the routers. */
function identityApp() {
  const auth = createAuth({ publicKey: h.service.keys.publicKey });
  return { auth, app: createIdentityApp({ ...h.service.deps, conn: h.service.conn, auth }) };
}

const call = (route: { method: string }, path: string, token?: string) =>
  served.fetch(path, {
    method: route.method.toUpperCase(),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('svc-identity routes', () => {
  it('serves exactly its contract routes, each behind the auth its contract names', () => {
    const { app, auth } = identityApp();
    expect(servedRoutes(app, auth)).toEqual(contractRoutesOf('identity'));
  });

  it('answers 401 without a token on signed-in and admin routes, and opens the others', async () => {
    served = await serve(identityApp().app);
    for (const route of signedIn) {
      const res = await call(route, samplePath(route));
      expect(res.status, `${route.method} ${route.path}`).toBe(401);
    }
    for (const route of open) {
      const res = await call(route, samplePath(route));
      expect(res.status, `${route.method} ${route.path}`).not.toBe(401);
    }
  });

  it('answers 403 on admin routes to a signed-in user who is not the admin', async () => {
    const user = await h.register('plain');
    // Even a token claiming admin is refused unless the username is ADMIN_USERNAME.
    const claimsAdmin = await signAccessToken(
      h.service.keys.privateKey,
      { id: user.id, username: user.username, isAdmin: true },
      { kid: h.service.keys.kid },
    );
    expect(adminOnly.length).toBeGreaterThan(0);
    for (const route of adminOnly) {
      for (const token of [user.token, claimsAdmin]) {
        const res = await call(route, samplePath(route), token);
        expect(res.status, `${route.method} ${route.path}`).toBe(403);
        expect(await res.json()).toEqual({ error: 'Access denied. Admin privileges required.' });
      }
    }
  });
});
