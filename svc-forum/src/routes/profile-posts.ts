import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentPostPage } from '../presenters/post-page.js';
import { listMyPosts } from '../use-cases/list-my-posts.js';
import { listUserPosts } from '../use-cases/list-user-posts.js';

/** The two profile post lists identity's /auth namespace leaves to forum (ARCHITECTURE §2). */
export function profilePostHandlers({ models }: ForumDeps) {
  return {
    'GET /api/auth/me/posts': async ({ user, query }) =>
      presentPostPage(await listMyPosts(models, user, query)),
    'GET /api/auth/user/{username}/posts': async ({ user, params, query }) =>
      presentPostPage(await listUserPosts(models, user, params.username, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
