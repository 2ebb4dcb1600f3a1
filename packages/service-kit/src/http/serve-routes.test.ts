import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { routeKey, routesOf } from '@forum/contracts';
import { createAuth } from '../auth.js';
import { createTestKeys } from '../testing/keys.js';
import { serveRoutes, type ServiceHandlers } from './serve-routes.js';

// serveRoutes is the one place that ties handlers to contract routes: a route without a handler
// or a handler without a route must stop the service at start-up, not answer 404 later.
const auth = createAuth({ publicKey: (await createTestKeys()).publicPem });
const keys = routesOf('identity')
  .filter((route) => !route.probe)
  .map((route) => routeKey(route));
const complete = Object.fromEntries(
  keys.map((key) => [key, () => ({})]),
) as unknown as ServiceHandlers<'identity'>;
const serve = (handlers: object) =>
  serveRoutes(new Koa(), { service: 'identity', auth, handlers: handlers as typeof complete });

describe('serveRoutes (with the identity contract)', () => {
  it('serves a handler map that covers every route', () => {
    expect(serve(complete).stack.length).toBe(keys.length);
  });

  it('refuses a map missing a route', () => {
    const { ['GET identity:/internal/stats']: _missing, ...partial } = complete;
    expect(() => serve(partial)).toThrow(
      'identity: routes without a handler [GET identity:/internal/stats], handlers without a contract route []',
    );
    // @ts-expect-error the type says so before start-up
    const typed: ServiceHandlers<'identity'> = partial;
    expect(typed).toBeDefined();
  });

  it('refuses a handler no contract route names', () => {
    expect(() => serve({ ...complete, 'GET /api/auth/whoami': () => ({}) })).toThrow(
      'identity: routes without a handler [], handlers without a contract route [GET /api/auth/whoami]',
    );
  });
});
