import { Router } from '@koa/router';
import {
  CommentPageQuery,
  CommentTexts,
  CreateCommentBody,
  IdParams,
  ListCommentsQuery,
  PostIdParams,
  UpdateCommentBody,
} from '@forum/contracts';
import { parseParams, parseQuery, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller, validBody } from '../http/validate.js';
import { presentComment } from '../presenters/comment.js';
import { presentCommentPage, presentThreadPage } from '../presenters/comment-page.js';
import { createComment } from '../use-cases/create-comment.js';
import { getComment } from '../use-cases/get-comment.js';
import { updateComment } from '../use-cases/update-comment.js';
import { deleteComment } from '../use-cases/delete-comment.js';
import { listPostComments } from '../use-cases/list-post-comments.js';
import { listCommentReplies } from '../use-cases/list-comment-replies.js';
import { listSavedComments } from '../use-cases/list-saved-comments.js';
import { emptyCommentState, loadCommentState } from '../use-cases/shared/load-comment-state.js';

/** /api/comments: create, threads of a post, read, edit, delete, replies, saved list. */
export function commentRoutes(deps: ForumDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api' });

  router.post('/comments', auth.requireAuth, async (ctx) => {
    const comment = await createComment(deps, caller(ctx), validBody(ctx, CreateCommentBody));
    ctx.status = 201;
    ctx.body = { comment: presentComment(comment, emptyCommentState()) };
  });
  router.get('/comments/post/:postId', auth.optionalAuth, async (ctx) => {
    const { postId } = parseParams(ctx, PostIdParams);
    const query = parseQuery(ctx, ListCommentsQuery);
    ctx.body = presentThreadPage(await listPostComments(models, ctx.state.user, postId, query));
  });
  // The spec lists both paths for the same data.
  router.get('/posts/:id/comments', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const query = parseQuery(ctx, ListCommentsQuery);
    ctx.body = presentThreadPage(await listPostComments(models, ctx.state.user, id, query));
  });
  router.get('/comments/saved/my', auth.requireAuth, async (ctx) => {
    const query = parseQuery(ctx, CommentPageQuery);
    ctx.body = presentCommentPage(await listSavedComments(models, caller(ctx), query));
  });
  router.get('/comments/:id', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const { comment, state } = await getComment(models, ctx.state.user, id);
    ctx.body = { comment: presentComment(comment, state) };
  });
  router.put('/comments/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const user = caller(ctx);
    const comment = await updateComment(models, user, id, validBody(ctx, UpdateCommentBody));
    ctx.body = {
      comment: presentComment(comment, await loadCommentState(models, user, [comment._id])),
    };
  });
  router.delete('/comments/:id', auth.requireAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    await deleteComment(models, caller(ctx), id);
    ctx.body = { message: CommentTexts.deleted };
  });
  router.get('/comments/:id/replies', auth.optionalAuth, async (ctx) => {
    const { id } = parseParams(ctx, IdParams);
    const query = parseQuery(ctx, ListCommentsQuery);
    ctx.body = presentThreadPage(await listCommentReplies(models, ctx.state.user, id, query));
  });
  return router;
}
