import { Router } from '@koa/router';
import {
  CreatePostBody,
  IdParams,
  ListPostsQuery,
  ListSavedPostsQuery,
  UpdatePostBody,
} from '@forum/contracts';
import { IMAGE_PRESETS, imageUpload, parseParams, parseQuery, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller, validBody } from '../http/validate.js';
import { presentPost } from '../presenters/post.js';
import { presentPostPage } from '../presenters/post-page.js';
import { createPost } from '../use-cases/create-post.js';
import { getPost } from '../use-cases/get-post.js';
import { listPosts } from '../use-cases/list-posts.js';
import { listSavedPosts } from '../use-cases/list-saved-posts.js';
import { updatePost } from '../use-cases/update-post.js';
import { deletePost } from '../use-cases/delete-post.js';
import { emptyCallerState, loadCallerState } from '../use-cases/shared/load-caller-state.js';

/** /api/posts: create, list, read, edit, delete (votes and the rest: post-actions.ts). */
export function postRoutes(deps: ForumDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api/posts' });

  // JSON, or multipart with the same text fields plus `image` (10 MB, checked while streaming).
  const upload = imageUpload({ field: 'image', ...IMAGE_PRESETS.post });
  router.post('/', auth.requireAuth, upload, async (ctx) => {
    const user = caller(ctx);
    const post = await createPost(deps, user, validBody(ctx, CreatePostBody), ctx.file?.buffer);
    ctx.status = 201;
    ctx.body = { post: presentPost(post, emptyCallerState()) };
  });
  router.get('/', auth.optionalAuth, async (ctx) => {
    const query = parseQuery(ctx, ListPostsQuery);
    ctx.body = presentPostPage(await listPosts(models, ctx.state.user, query));
  });
  router.get('/saved/my', auth.requireAuth, async (ctx) => {
    const query = parseQuery(ctx, ListSavedPostsQuery);
    ctx.body = presentPostPage(await listSavedPosts(models, caller(ctx), query));
  });
  router.get('/:id', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const { post, state } = await getPost(models, ctx.state.user, id);
    ctx.body = { post: presentPost(post, state) };
  });
  router.put('/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const user = caller(ctx);
    const post = await updatePost(models, user, id, validBody(ctx, UpdatePostBody));
    ctx.body = { post: presentPost(post, await loadCallerState(models, user, [post._id])) };
  });
  router.delete('/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    await deletePost(deps, caller(ctx), id);
    ctx.body = { message: 'Post deleted' };
  });
  return router;
}
