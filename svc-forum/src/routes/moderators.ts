import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentModerator, presentTeam } from '../presenters/moderator.js';
import { listModerators } from '../use-cases/list-moderators.js';
import { addModerator } from '../use-cases/add-moderator.js';
import { removeModerator } from '../use-cases/remove-moderator.js';
import { transferOwnership } from '../use-cases/transfer-ownership.js';

/** A community's moderator team (EXTENSIONS §M1). */
export function moderatorHandlers(deps: ForumDeps) {
  return {
    'GET /api/communities/{id}/moderators': async ({ params }) =>
      presentTeam(await listModerators(deps, params.id)),
    'POST /api/communities/{id}/moderators': async ({ user, params, body }) => ({
      moderator: presentModerator(await addModerator(deps, user, params.id, body.username)),
    }),
    'DELETE /api/communities/{id}/moderators/{userId}': async ({ user, params, query }) => {
      await removeModerator(deps, user, params.id, params.userId, query.reason);
      return { message: 'Moderator removed' };
    },
    'POST /api/communities/{id}/owner': async ({ user, params, body }) =>
      presentTeam(await transferOwnership(deps, user, params.id, body.username)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
