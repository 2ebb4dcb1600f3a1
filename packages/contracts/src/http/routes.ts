import { forumRoutes } from './routes-forum.js';
import { gatewayRoutes } from './routes-gateway.js';
import { identityRoutes } from './routes-identity.js';
import { messagingRoutes } from './routes-messaging.js';
import { moderationRoutes, reportAndAppealRoutes } from './routes-moderation.js';
import { electionRoutes } from './routes-elections.js';
import { searchRoutes } from './routes-search.js';
import { safetyRoutes } from './routes-safety.js';
import { streamRoutes } from './routes-stream.js';
import {
  routeTable,
  type RouteContract,
  type RouteKey,
  type RouteRequest,
  type RouteResponseBody,
  type ServiceName,
} from './route-contract.js';

export * from './route-contract.js';

/** Every operation of the API keyed by `METHOD /path`, one list per owning service. */
export const apiRoutes = routeTable([
  ...gatewayRoutes,
  ...identityRoutes,
  ...forumRoutes,
  ...moderationRoutes,
  ...reportAndAppealRoutes,
  ...electionRoutes,
  ...searchRoutes,
  ...safetyRoutes,
  ...messagingRoutes,
  ...streamRoutes,
]);

/** The same operations as a list (OpenAPI, the fuzzer, the IDOR sweep, the gateway). */
export const routes: readonly RouteContract[] = Object.values(apiRoutes);

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteKey = keyof ApiRoutes;
/** Keys of the routes a service serves (its handlers are keyed by exactly these). */
export type ServiceRouteKey<S extends ServiceName> = {
  [K in ApiRouteKey]: ApiRoutes[K]['service'] extends S ? K : never;
}[ApiRouteKey];
/** Keys of the routes browsers may call (not internal). */
export type PublicRouteKey = {
  [K in ApiRouteKey]: ApiRoutes[K] extends { internal: true } ? never : K;
}[ApiRouteKey];
export type ApiRequest<K extends ApiRouteKey> = RouteRequest<ApiRoutes[K]>;
export type ApiResponse<K extends ApiRouteKey> = RouteResponseBody<ApiRoutes[K]>;

/** The routes one service serves, in declaration order. */
export const routesOf = (service: ServiceName): RouteContract[] =>
  routes.filter((route) => route.service === service);

export const isRouteKey = (key: string): key is ApiRouteKey => Object.hasOwn(apiRoutes, key);
export type { RouteKey };
