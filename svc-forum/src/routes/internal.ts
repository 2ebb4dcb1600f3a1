import { Router } from '@koa/router';
import type { Connection } from 'mongoose';
import { getForumStats } from '../use-cases/get-forum-stats.js';

/** Service-to-service endpoints; the gateway never routes /internal. */
export function internalRoutes(conn: Connection): Router {
  const router = new Router({ prefix: '/internal' });
  router.get('/stats', async (ctx) => {
    ctx.body = await getForumStats(conn);
  });
  return router;
}
