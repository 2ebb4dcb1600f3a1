import { Router } from '@koa/router';
import type { Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertAdmin } from '../policies/admin-policy.js';
import { presentCommunity } from '../presenters/community.js';
import { listAdminCommunities } from '../use-cases/list-admin-communities.js';

export function adminRoutes({ models }: ForumDeps, auth: Auth): Router {
  const router = new Router({ prefix: '/api/admin' });
  router.get('/communities', auth.requireAuth, async (ctx) => {
    assertAdmin(ctx.state.user);
    const communities = await listAdminCommunities(models);
    ctx.body = { communities: communities.map((c) => presentCommunity(c, { admin: true })) };
  });
  return router;
}
