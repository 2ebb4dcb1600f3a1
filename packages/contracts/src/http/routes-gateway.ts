import { AdminStats } from './stats.js';
import { HealthResponse } from './health.js';
import { errorResponse as error, routesFor } from './route-contract.js';

const gateway = routesFor('gateway');

export const gatewayRoutes = [
  {
    method: 'get',
    path: '/api/health',
    // Every service answers it (service-kit's probes); through the gateway svc-forum does.
    service: 'forum',
    probe: true,
    summary: 'Liveness of the service answering',
    auth: 'none',
    responses: { 200: { description: 'Alive', schema: HealthResponse } },
  },
  gateway({
    method: 'get',
    path: '/api/admin/stats',
    summary: 'Platform totals (admin only; composed by the gateway)',
    auth: 'admin',
    responses: {
      200: { description: 'Totals', schema: AdminStats },
      401: error('Not signed in'),
      403: error('Not the admin'),
    },
  }),
] as const;
