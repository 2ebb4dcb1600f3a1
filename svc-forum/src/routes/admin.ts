import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentAdminCommunities } from '../presenters/community-page.js';
import { listAdminCommunities } from '../use-cases/list-admin-communities.js';

/** The admin dashboard's lists (serveRoutes checks the token's admin claim: 'admin' routes). */
export function adminHandlers({ models }: ForumDeps) {
  return {
    'GET /api/admin/communities': async () =>
      presentAdminCommunities(await listAdminCommunities(models)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
