import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentModlogPage } from '../presenters/modlog.js';
import { listCommunityModlog } from '../use-cases/list-community-modlog.js';
import { listModlog } from '../use-cases/list-modlog.js';

/** The public moderation log (EXTENSIONS §M3). */
export function modlogHandlers(deps: ForumDeps) {
  return {
    'GET /api/communities/{id}/modlog': async ({ user, params, query }) =>
      presentModlogPage(await listCommunityModlog(deps, user, params.id, query)),
    'GET /api/modlog': async ({ user, query }) =>
      presentModlogPage(await listModlog(deps, user, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
