import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentMemberPage } from '../presenters/member.js';
import { presentMembership, presentMembershipChange } from '../presenters/membership.js';
import { joinCommunity } from '../use-cases/join-community.js';
import { leaveCommunity } from '../use-cases/leave-community.js';
import { getMembership } from '../use-cases/get-membership.js';
import { listCommunityMembers } from '../use-cases/list-community-members.js';

/** Joining, leaving, the caller's membership and the member list of a community. */
export function membershipHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    'POST /api/communities/{id}/join': async ({ user, params }) =>
      presentMembershipChange(await joinCommunity(deps, user, params.id)),
    'POST /api/communities/{id}/leave': async ({ user, params }) =>
      presentMembershipChange(await leaveCommunity(deps, user, params.id)),
    'GET /api/communities/{id}/membership': async ({ user, params }) =>
      presentMembership(await getMembership(models, user, params.id)),
    'GET /api/communities/{id}/members': async ({ params, query }) =>
      presentMemberPage(await listCommunityMembers(models, params.id, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
