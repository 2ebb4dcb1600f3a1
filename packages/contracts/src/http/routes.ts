import type { RouteContract } from './route-contract.js';
import { forumRoutes } from './routes-forum.js';
import { gatewayRoutes } from './routes-gateway.js';
import { identityRoutes } from './routes-identity.js';
import { messagingRoutes } from './routes-messaging.js';

export * from './route-contract.js';

/** Every operation of the API, one list per owning service (each issue appends to its own list). */
export const routes: RouteContract[] = [
  ...gatewayRoutes,
  ...identityRoutes,
  ...forumRoutes,
  ...messagingRoutes,
];
