import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { getPostSubscription } from '../use-cases/get-post-subscription.js';
import { subscribeToPost } from '../use-cases/subscribe-to-post.js';
import { unsubscribeFromPost } from '../use-cases/unsubscribe-from-post.js';

/** /api/post-subscriptions/{postId}: comment notifications for a post. */
export function subscriptionHandlers({ models }: ForumDeps) {
  return {
    'GET /api/post-subscriptions/{postId}/status': async ({ user, params }) => ({
      subscribed: await getPostSubscription(models, user, params.postId),
    }),
    'POST /api/post-subscriptions/{postId}': async ({ user, params }) => {
      await subscribeToPost(models, user, params.postId);
      return { subscribed: true };
    },
    'DELETE /api/post-subscriptions/{postId}': async ({ user, params }) => {
      await unsubscribeFromPost(models, user, params.postId);
      return { subscribed: false };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
