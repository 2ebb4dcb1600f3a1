import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentCommentPage } from '../presenters/comment-page.js';
import { listMyComments } from '../use-cases/list-my-comments.js';
import { listUserComments } from '../use-cases/list-user-comments.js';

/** The two profile comment lists identity's /auth namespace leaves to forum (ARCHITECTURE §2). */
export function profileCommentHandlers({ models }: ForumDeps) {
  return {
    'GET /api/auth/me/comments': async ({ user, query }) =>
      presentCommentPage(await listMyComments(models, user, query)),
    'GET /api/auth/user/{username}/comments': async ({ user, params, query }) =>
      presentCommentPage(await listUserComments(models, user, params.username, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
