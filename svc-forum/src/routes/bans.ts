import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentBan, presentBanPage } from '../presenters/ban.js';
import { banUser } from '../use-cases/ban-user.js';
import { unbanUser } from '../use-cases/unban-user.js';
import { listBans } from '../use-cases/list-bans.js';

/** A community's bans (EXTENSIONS §M2). */
export function banHandlers(deps: ForumDeps) {
  return {
    'POST /api/communities/{id}/bans': async ({ user, params, body }) => ({
      ban: presentBan(await banUser(deps, user, params.id, body)),
    }),
    'DELETE /api/communities/{id}/bans/{userId}': async ({ user, params }) => {
      await unbanUser(deps, user, params.id, params.userId);
      return { message: 'User unbanned' };
    },
    'GET /api/communities/{id}/bans': async ({ user, params, query }) =>
      presentBanPage(await listBans(deps, user, params.id, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
