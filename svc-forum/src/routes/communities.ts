import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentCommunity } from '../presenters/community.js';
import { presentCommunityPage } from '../presenters/community-page.js';
import { createCommunity } from '../use-cases/create-community.js';
import { getCommunity } from '../use-cases/get-community.js';
import { listCommunities } from '../use-cases/list-communities.js';
import { listMyCommunities } from '../use-cases/list-my-communities.js';
import { updateCommunity } from '../use-cases/update-community.js';
import { deleteCommunity } from '../use-cases/delete-community.js';

/** /api/communities: create, list, read, edit, delete (memberships.ts, community-logo.ts: the rest). */
export function communityHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    'POST /api/communities': async ({ user, body }) => ({
      community: presentCommunity(await createCommunity(deps, user, body)),
    }),
    'GET /api/communities': async ({ query }) =>
      presentCommunityPage(await listCommunities(models, query)),
    'GET /api/communities/my': async ({ user, query }) =>
      presentCommunityPage(await listMyCommunities(models, user, query)),
    'GET /api/communities/id/{id}': async ({ params: { id } }) => ({
      community: presentCommunity(await getCommunity(models, { id })),
    }),
    'GET /api/communities/name/{name}': async ({ params: { name } }) => ({
      community: presentCommunity(await getCommunity(models, { name })),
    }),
    'PUT /api/communities/{id}': async ({ user, params, body }) => ({
      community: presentCommunity(await updateCommunity(deps, user, params.id, body)),
    }),
    'DELETE /api/communities/{id}': async ({ user, params }) => {
      await deleteCommunity(deps, user, params.id);
      return { message: 'Community deleted' };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
