import { Router } from '@koa/router';
import {
  CommunityNameParams,
  CreateCommunityBody,
  IdParams,
  ListCommunitiesQuery,
  ListMembersQuery,
  UpdateCommunityBody,
} from '@forum/contracts';
import { IMAGE_PRESETS, imageUpload, parseParams, parseQuery, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller, validBody } from '../http/validate.js';
import { presentCommunity } from '../presenters/community.js';
import { presentMember } from '../presenters/member.js';
import { createCommunity } from '../use-cases/create-community.js';
import { getCommunity } from '../use-cases/get-community.js';
import { listCommunities } from '../use-cases/list-communities.js';
import { listMyCommunities } from '../use-cases/list-my-communities.js';
import { joinCommunity } from '../use-cases/join-community.js';
import { leaveCommunity } from '../use-cases/leave-community.js';
import { getMembership } from '../use-cases/get-membership.js';
import { listCommunityMembers } from '../use-cases/list-community-members.js';
import { updateCommunity } from '../use-cases/update-community.js';
import { deleteCommunity } from '../use-cases/delete-community.js';
import type { CommunityPage } from '../use-cases/list-communities.js';
import { setCommunityLogo } from '../use-cases/set-community-logo.js';
import { removeCommunityLogo } from '../use-cases/remove-community-logo.js';

const presentPage = (page: CommunityPage) => ({
  communities: page.communities.map((c) => presentCommunity(c)),
  pagination: { hasMore: page.hasMore, total: page.total },
});

/** /api/communities/*: auth -> validate -> use case -> presenter. */
export function communityRoutes(deps: ForumDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api/communities' });

  router.post('/', auth.requireAuth, async (ctx) => {
    const body = validBody(ctx, CreateCommunityBody);
    const community = await createCommunity(models, caller(ctx), body);
    ctx.status = 201;
    ctx.body = { community: presentCommunity(community) };
  });
  router.get('/', auth.optionalAuth, async (ctx) => {
    ctx.body = presentPage(await listCommunities(models, parseQuery(ctx, ListCommunitiesQuery)));
  });
  router.get('/my', auth.requireAuth, async (ctx) => {
    const query = parseQuery(ctx, ListCommunitiesQuery);
    ctx.body = presentPage(await listMyCommunities(models, caller(ctx), query));
  });
  router.get('/id/:id', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = { community: presentCommunity(await getCommunity(models, { id })) };
  });
  router.get('/name/:name', auth.optionalAuth, async (ctx) => {
    const { name } = parseParams(ctx, CommunityNameParams);
    ctx.body = { community: presentCommunity(await getCommunity(models, { name })) };
  });
  router.post('/:id/join', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = await joinCommunity(models, caller(ctx), id);
  });
  router.post('/:id/leave', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = await leaveCommunity(models, caller(ctx), id);
  });
  router.get('/:id/membership', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = await getMembership(models, ctx.state.user, id);
  });
  router.get('/:id/members', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const page = await listCommunityMembers(models, id, parseQuery(ctx, ListMembersQuery));
    ctx.body = {
      members: page.members.map(presentMember),
      pagination: { hasMore: page.hasMore, total: page.total },
    };
  });
  router.put('/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const body = validBody(ctx, UpdateCommunityBody);
    ctx.body = {
      community: presentCommunity(await updateCommunity(models, caller(ctx), id, body)),
    };
  });
  router.delete('/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    await deleteCommunity(deps, caller(ctx), id);
    ctx.body = { message: 'Community deleted' };
  });
  // The spec's client sends the logo in the multipart field `avatar` (2 MB).
  const logoUpload = imageUpload({ field: 'avatar', ...IMAGE_PRESETS.logo });
  router.post('/:id/logo', auth.requireAuth, logoUpload, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = await setCommunityLogo(deps, caller(ctx), id, ctx.file?.buffer);
  });
  router.delete('/:id/logo', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    ctx.body = await removeCommunityLogo(deps, caller(ctx), id);
  });
  return router;
}
