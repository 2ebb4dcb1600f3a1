import { Router } from '@koa/router';
import { CommentPageQuery, UsernameParams } from '@forum/contracts';
import { parseParams, parseQuery, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller } from '../http/validate.js';
import { presentCommentPage } from '../presenters/comment-page.js';
import { listMyComments, listUserComments } from '../use-cases/list-user-comments.js';

/** The two profile comment lists identity's /auth namespace leaves to forum (ARCHITECTURE §2). */
export function profileCommentRoutes({ models }: ForumDeps, auth: Auth): Router {
  const router = new Router({ prefix: '/api/auth' });
  router.get('/me/comments', auth.requireAuth, async (ctx) => {
    const query = parseQuery(ctx, CommentPageQuery);
    ctx.body = presentCommentPage(await listMyComments(models, caller(ctx), query));
  });
  router.get('/user/:username/comments', auth.optionalAuth, async (ctx) => {
    const { username } = parseParams(ctx, UsernameParams);
    const query = parseQuery(ctx, CommentPageQuery);
    ctx.body = presentCommentPage(await listUserComments(models, ctx.state.user, username, query));
  });
  return router;
}
