import { Router } from '@koa/router';
import { PostIdParams } from '@forum/contracts';
import { parseParams, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller } from '../http/validate.js';
import { getPostSubscription } from '../use-cases/get-post-subscription.js';
import { subscribeToPost } from '../use-cases/subscribe-to-post.js';
import { unsubscribeFromPost } from '../use-cases/unsubscribe-from-post.js';

/** /api/post-subscriptions/{postId}: comment notifications for a post. */
export function subscriptionRoutes({ models }: ForumDeps, auth: Auth): Router {
  const router = new Router({ prefix: '/api/post-subscriptions/:postId' });
  router.get('/status', auth.requireAuth, async (ctx) => {
    const { postId } = parseParams(ctx, PostIdParams);
    ctx.body = { subscribed: await getPostSubscription(models, caller(ctx), postId) };
  });
  router.post('/', auth.requireAuth, async (ctx) => {
    const { postId } = parseParams(ctx, PostIdParams);
    await subscribeToPost(models, caller(ctx), postId);
    ctx.body = { subscribed: true };
  });
  router.delete('/', auth.requireAuth, async (ctx) => {
    const { postId } = parseParams(ctx, PostIdParams);
    await unsubscribeFromPost(models, caller(ctx), postId);
    ctx.body = { subscribed: false };
  });
  return router;
}
