import { Router } from '@koa/router';
import { ListPostsQuery } from '@forum/contracts';
import { parseQuery, type Auth } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { listPosts } from '../use-cases/list-posts.js';
import { presentPostPage } from '../presenters/post-page.js';

export function postRoutes(models: ForumModels, auth: Auth): Router {
  const router = new Router({ prefix: '/api/posts' });
  router.get('/', auth.optionalAuth, async (ctx) => {
    const query = parseQuery(ctx, ListPostsQuery);
    ctx.body = presentPostPage(await listPosts(models, query));
  });
  return router;
}
