import { Router } from '@koa/router';
import type { IdentityModels } from '../models/index.js';
import { getIdentityStats } from '../use-cases/get-identity-stats.js';

/** Service-to-service endpoints; the gateway never routes /internal. */
export function internalRoutes(models: IdentityModels): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/stats', async (ctx) => {
    ctx.body = await getIdentityStats(models);
  });
  return router;
}
