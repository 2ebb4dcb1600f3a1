import type { ScenarioModule } from '../scenario.js';

/** The cheapest request there is, through the gateway and straight to svc-forum. */
export const health: ScenarioModule = {
  scenarios: [
    {
      name: 'health-via-gateway',
      description: 'GET /api/health through the gateway (proxied to svc-forum)',
      request: (ctx) => ({ url: `${ctx.gatewayUrl}/api/health` }),
    },
    {
      name: 'health-direct-forum',
      description: 'GET /api/health straight to svc-forum',
      request: (ctx) => ({ url: `${ctx.serviceUrl('forum')}/api/health` }),
    },
  ],
  comparisons: [
    { label: 'gateway overhead', baseline: 'health-direct-forum', subject: 'health-via-gateway' },
  ],
};
