import { Router } from '@koa/router';
import { AdminUserParams, AdminUsersQuery, UpdateAdminUserRequest } from '@forum/contracts';
import { parseBody, parseParams, parseQuery } from '@forum/service-kit';
import { requireAdmin } from '../policies/admin.js';
import { listAdminUsers } from '../use-cases/list-admin-users.js';
import { setUserActive } from '../use-cases/set-user-active.js';
import { getDailyUserStats } from '../use-cases/get-daily-user-stats.js';
import { presentAdminUserPage } from '../presenters/admin-users.js';
import { presentAdminUser } from '../presenters/user.js';
import { signedIn, type RouteDeps } from './route-deps.js';

/** Identity's part of the admin dashboard; every route checks admin on the server. */
export function adminRoutes(route: RouteDeps): Router {
  const { deps } = route;
  const router = new Router({ prefix: '/api/admin' });
  router.use(...signedIn(route), requireAdmin(deps.config));

  router.get('/users', async (ctx) => {
    ctx.body = presentAdminUserPage(await listAdminUsers(deps, parseQuery(ctx, AdminUsersQuery)));
  });

  router.patch('/users/:id', async (ctx) => {
    const { id } = parseParams(ctx, AdminUserParams);
    const { is_active } = parseBody(ctx, UpdateAdminUserRequest);
    const user = await setUserActive(deps, {
      admin: ctx.state.user!,
      userId: id,
      isActive: is_active,
    });
    ctx.body = { user: presentAdminUser(user) };
  });

  router.get('/daily-user-stats', async (ctx) => {
    ctx.body = await getDailyUserStats(deps);
  });
  return router;
}
