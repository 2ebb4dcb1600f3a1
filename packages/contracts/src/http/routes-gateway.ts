import { AdminStats } from './stats.js';
import { HealthResponse } from './health.js';
import { errorResponse as error, type RouteContract } from './route-contract.js';

export const gatewayRoutes: RouteContract[] = [
  {
    method: 'get',
    path: '/api/health',
    service: 'gateway',
    summary: 'Liveness of the service answering',
    auth: 'none',
    responses: { 200: { description: 'Alive', schema: HealthResponse } },
  },
  {
    method: 'get',
    path: '/api/admin/stats',
    service: 'gateway',
    summary: 'Platform totals (admin only)',
    auth: 'admin',
    responses: {
      200: { description: 'Totals', schema: AdminStats },
      401: error('Not signed in'),
      403: error('Not the admin'),
    },
  },
];
