import type { IdentityDeps } from '../deps.js';
import { presentAdminUserPage } from '../presenters/admin-users.js';
import { presentDailyUserStats } from '../presenters/stats.js';
import { presentAdminUser } from '../presenters/user.js';
import { getDailyUserStats } from '../use-cases/get-daily-user-stats.js';
import { listAdminUsers } from '../use-cases/list-admin-users.js';
import { setUserActive } from '../use-cases/set-user-active.js';
import type { IdentityHandlers } from './handlers.js';

/** Identity's part of the admin dashboard; serveRoutes checks admin on the server for each. */
export const adminHandlers = (deps: IdentityDeps) =>
  ({
    'GET /api/admin/users': async ({ query }) =>
      presentAdminUserPage(await listAdminUsers(deps, query)),
    'PATCH /api/admin/users/{id}': async ({ user, params, body }) => ({
      user: presentAdminUser(
        await setUserActive(deps, {
          admin: user,
          userId: params.id,
          isActive: body.is_active,
          reason: body.reason,
        }),
      ),
    }),
    'GET /api/admin/daily-user-stats': async () =>
      presentDailyUserStats(await getDailyUserStats(deps)),
  }) satisfies IdentityHandlers;
