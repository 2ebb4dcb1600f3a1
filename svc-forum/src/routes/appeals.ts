import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentAppeal, presentAppealPage } from '../presenters/appeal.js';
import { createAppeal } from '../use-cases/create-appeal.js';
import { decideAppeal } from '../use-cases/decide-appeal.js';
import { listCommunityAppeals } from '../use-cases/list-community-appeals.js';

/** Appeals (EXTENSIONS §M6). */
export function appealHandlers(deps: ForumDeps) {
  return {
    'POST /api/appeals': async ({ user, body }) => ({
      appeal: presentAppeal(await createAppeal(deps, user, body)),
    }),
    'GET /api/communities/{id}/appeals': async ({ user, params, query }) =>
      presentAppealPage(await listCommunityAppeals(deps, user, params.id, query)),
    'POST /api/appeals/{id}/decide': async ({ user, params, body }) => ({
      appeal: presentAppeal(await decideAppeal(deps, user, params.id, body)),
    }),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
