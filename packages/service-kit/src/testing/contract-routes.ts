import type Koa from 'koa';
import type { Router } from '@koa/router';
import { expressPath, routesOf, type RouteContract, type ServiceName } from '@forum/contracts';
import type { Auth } from '../auth.js';
import { PROBE_ROUTERS } from '../http/probes.js';

export interface ServedRoute {
  /** `GET /api/posts/:id` */
  route: string;
  auth: RouteContract['auth'];
}

/**
 * What the app's Koa routers actually serve: each layer's methods and path, and which auth
 * middleware its chain runs. Read from the routers themselves, so it proves what was built rather
 * than repeating the contracts (admin routes show as 'required': their 403 is proven over HTTP).
 * Sorted by route, like contractRoutesOf.
 */
export function servedRoutes(app: Koa, auth: Auth): ServedRoute[] {
  const served: ServedRoute[] = [];
  for (const middleware of app.middleware) {
    const router = (middleware as { router?: Router }).router;
    // createApp's /health, /ready, /metrics and /api/health are every service's, no contract's.
    if (!router || PROBE_ROUTERS.has(router)) continue;
    for (const layer of router.stack) {
      const chain = layer.stack as unknown[];
      const kind = chain.includes(auth.requireAuth)
        ? 'required'
        : chain.includes(auth.optionalAuth)
          ? 'optional'
          : 'none';
      for (const method of layer.methods.filter((m) => m !== 'HEAD')) {
        served.push({ route: `${method} ${layer.path}`, auth: kind });
      }
    }
  }
  return sortedRoutes(served);
}

/** What the contracts say the service serves, in the same shape and order ('admin' needs a token too). */
export function contractRoutesOf(service: ServiceName): ServedRoute[] {
  return sortedRoutes(
    routesOf(service)
      .filter((route) => !route.probe)
      .map((route) => ({
        route: `${route.method.toUpperCase()} ${expressPath(route.path)}`,
        auth: route.auth === 'admin' ? 'required' : route.auth,
      })),
  );
}

const sortedRoutes = (routes: ServedRoute[]) =>
  [...routes].sort((a, b) => a.route.localeCompare(b.route));

/** A concrete path for a contract route: each {param} becomes `value` (a valid ObjectId by default). */
export const samplePath = (route: RouteContract, value = '0123456789abcdef01234567') =>
  route.path.replace(/\{\w+\}/g, value);

/** The contract routes of a service that need a signed-in caller, and those for the admin only. */
export const guardedRoutes = (service: ServiceName) => ({
  signedIn: routesOf(service).filter((r) => r.auth === 'required' || r.auth === 'admin'),
  adminOnly: routesOf(service).filter((r) => r.auth === 'admin'),
  open: routesOf(service).filter((r) => r.auth === 'none' || r.auth === 'optional'),
});
