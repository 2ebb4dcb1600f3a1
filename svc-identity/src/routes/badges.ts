import { Router } from '@koa/router';
import { UserIdParams } from '@forum/contracts';
import { parseParams } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { listUserBadges } from '../use-cases/list-user-badges.js';
import { presentBadge } from '../presenters/badge.js';

export function badgeRoutes(deps: IdentityDeps): Router {
  const router = new Router({ prefix: '/api/badges' });
  router.get('/user/:userId', async (ctx) => {
    const { userId } = parseParams(ctx, UserIdParams);
    ctx.body = { badges: (await listUserBadges(deps, userId)).map(presentBadge) };
  });
  return router;
}
