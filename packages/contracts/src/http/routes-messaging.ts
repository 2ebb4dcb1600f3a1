import type { RouteContract } from './route-contract.js';

export const messagingRoutes: RouteContract[] = [];
