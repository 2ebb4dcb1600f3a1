import type Koa from 'koa';
import type { Context, Middleware } from 'koa';
import { Router } from '@koa/router';
import {
  ADMIN_ACCESS_DENIED,
  expressPath,
  routeKey,
  routesOf,
  successStatus,
  type ApiRoutes,
  type RouteContract,
  type RouteParsedRequest,
  type RouteResponseInput,
  type ServiceName,
  type ServiceRouteKey,
} from '@forum/contracts';
import type { Auth } from '../auth.js';
import { forbidden } from '../errors.js';
import type { AuthUser } from './koa-types.js';
import { parseParams, parseQuery, validBody } from './validation.js';

/** The caller as the route's `auth` promises it: required for signed-in and admin routes. */
type CallerOf<R> = R extends { auth: 'required' | 'admin' }
  ? { user: AuthUser }
  : R extends { auth: 'optional' }
    ? { user: AuthUser | undefined }
    : unknown;

/** What a handler gets: the validated params, query and body its contract declares, and the caller. */
export type HandlerInput<R> = RouteParsedRequest<R> & CallerOf<R>;

/** Returns the success body (the contract's 2xx schema); the status comes from the contract. */
export type RouteHandler<R> = (
  input: HandlerInput<R>,
  ctx: Context,
) => Promise<RouteResponseInput<R>> | RouteResponseInput<R>;

/** A handler, or one with middleware that runs after auth and before validation (uploads, limits). */
export type HandlerSpec<R> = RouteHandler<R> | { use: Middleware[]; handle: RouteHandler<R> };

/** The service's route keys that need a handler: probes are answered by createApp. */
type HandledRouteKey<S extends ServiceName> = {
  [K in ServiceRouteKey<S>]: ApiRoutes[K] extends { probe: true } ? never : K;
}[ServiceRouteKey<S>];

/** One handler per contract route of the service, keyed by route key (`POST /api/posts`). */
export type ServiceHandlers<S extends ServiceName> = {
  [K in HandledRouteKey<S>]: HandlerSpec<ApiRoutes[K]>;
};

export interface ServeRoutesOptions<S extends ServiceName> {
  service: S;
  auth: Auth;
  handlers: ServiceHandlers<S>;
  /** Checks after a token verifies (identity: still active), on every route that reads one. */
  afterAuth?: Middleware[];
  /** Who is the admin; default: the token's admin claim. */
  isAdmin?: (user: AuthUser) => boolean;
}

/**
 * Serves exactly the service's contract routes: method, path and auth come from the contract
 * table, params/query/body are validated with its schemas, and the status is its 2xx code. A
 * contract route without a handler, or a handler without a route, stops the service at start-up.
 */
export function serveRoutes<S extends ServiceName>(
  app: Koa,
  {
    service,
    auth,
    handlers,
    afterAuth = [],
    isAdmin = (user) => user.isAdmin,
  }: ServeRoutesOptions<S>,
): Router {
  const contracts = routesOf(service).filter((route) => !route.probe);
  const table = handlers as Record<string, HandlerSpec<unknown> | undefined>;
  const missing = contracts.map(routeKey).filter((key) => !table[key]);
  const known = new Set(contracts.map((route) => routeKey(route) as string));
  const extra = Object.keys(table).filter((key) => !known.has(key));
  if (missing.length || extra.length) {
    throw new Error(
      `${service}: routes without a handler [${missing.join(', ')}], ` +
        `handlers without a contract route [${extra.join(', ')}]`,
    );
  }
  const adminOnly: Middleware = async (ctx, next) => {
    if (!ctx.state.user || !isAdmin(ctx.state.user)) throw forbidden(ADMIN_ACCESS_DENIED);
    await next();
  };
  // A signed-in caller of an optional route passes the same checks (a deactivated account's
  // token is a 401 on every route that reads it); a visitor skips them.
  const whenSignedIn =
    (check: Middleware): Middleware =>
    (ctx, next) =>
      ctx.state.user ? check(ctx, next) : next();
  const guards: Record<RouteContract['auth'], Middleware[]> = {
    none: [],
    optional: [auth.optionalAuth, ...afterAuth.map(whenSignedIn)],
    required: [auth.requireAuth, ...afterAuth],
    admin: [auth.requireAuth, ...afterAuth, adminOnly],
  };

  const router = new Router();
  for (const route of contracts) {
    const spec = table[routeKey(route)] as HandlerSpec<unknown>;
    const { use, handle } = typeof spec === 'function' ? { use: [], handle: spec } : spec;
    const status = successStatus(route);
    const run: Middleware = async (ctx) => {
      const input = parseRequest(ctx, route);
      const body = await handle(input as never, ctx);
      ctx.status = status;
      ctx.body = body;
    };
    router.register(expressPath(route.path), [route.method], [...guards[route.auth], ...use, run]);
  }
  app.use(router.routes());
  app.use(router.allowedMethods({ throw: true }));
  return router;
}

function parseRequest(ctx: Context, route: RouteContract): Record<string, unknown> {
  const { params, query, body } = route.request ?? {};
  const input: Record<string, unknown> = { user: ctx.state.user };
  if (params) input.params = parseParams(ctx, params);
  if (query) input.query = parseQuery(ctx, query);
  if (body) input.body = validBody(ctx, body);
  return input;
}
