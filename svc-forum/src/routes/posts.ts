import { IMAGE_PRESETS, imageUpload, type ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { authorView } from '../policies/moderation-policy.js';
import { presentPost } from '../presenters/post.js';
import { presentPostPage } from '../presenters/post-page.js';
import { createPost } from '../use-cases/create-post.js';
import { getPost } from '../use-cases/get-post.js';
import { listPosts } from '../use-cases/list-posts.js';
import { listSavedPosts } from '../use-cases/list-saved-posts.js';
import { updatePost } from '../use-cases/update-post.js';
import { deletePost } from '../use-cases/delete-post.js';

/** /api/posts: create, list, read, edit, delete (votes and the rest: post-actions.ts). */
export function postHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    // JSON, or multipart with the same text fields plus `image` (10 MB, checked while streaming).
    'POST /api/posts': {
      use: [imageUpload({ field: 'image', ...IMAGE_PRESETS.post })],
      handle: async ({ user, body }, ctx) => ({
        post: presentPost(await createPost(deps, user, body, ctx.file?.buffer)),
      }),
    },
    'GET /api/posts': async ({ user, query }) =>
      presentPostPage(await listPosts(models, user, query)),
    'GET /api/posts/saved/my': async ({ user, query }) =>
      presentPostPage(await listSavedPosts(models, user, query)),
    'GET /api/posts/{id}': async ({ user, params }) => {
      const { post, state, viewer } = await getPost(models, user, params.id);
      return { post: presentPost(post, state, viewer) };
    },
    'PUT /api/posts/{id}': async ({ user, params, body }) => {
      const { post, state } = await updatePost(models, user, params.id, body);
      return { post: presentPost(post, state, authorView(user)) };
    },
    'DELETE /api/posts/{id}': async ({ user, params }) => {
      await deletePost(deps, user, params.id);
      return { message: 'Post deleted' };
    },
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
