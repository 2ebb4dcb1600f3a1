import { Router } from '@koa/router';
import { ProfilePostsQuery, UsernameParams } from '@forum/contracts';
import { parseParams, parseQuery, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller } from '../http/validate.js';
import { presentPostPage } from '../presenters/post-page.js';
import { listMyPosts, listUserPosts } from '../use-cases/list-user-posts.js';

/** The two profile post lists identity's /auth namespace leaves to forum (ARCHITECTURE §2). */
export function profilePostRoutes({ models }: ForumDeps, auth: Auth): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.get('/me/posts', auth.requireAuth, async (ctx) => {
    const query = parseQuery(ctx, ProfilePostsQuery);
    ctx.body = presentPostPage(await listMyPosts(models, caller(ctx), query));
  });
  router.get('/user/:username/posts', auth.optionalAuth, async (ctx) => {
    const { username } = parseParams(ctx, UsernameParams);
    const query = parseQuery(ctx, ProfilePostsQuery);
    ctx.body = presentPostPage(await listUserPosts(models, ctx.state.user, username, query));
  });
  return router;
}
