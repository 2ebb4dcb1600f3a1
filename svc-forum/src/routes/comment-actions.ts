import { Router } from '@koa/router';
import { IdParams, VoteBody } from '@forum/contracts';
import { parseParams, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller, validBody } from '../http/validate.js';
import { voteOnComment } from '../use-cases/vote-on-comment.js';
import { getCommentVote } from '../use-cases/get-comment-vote.js';
import { saveComment } from '../use-cases/save-comment.js';
import { unsaveComment } from '../use-cases/unsave-comment.js';
import { getCommentSaved } from '../use-cases/get-comment-saved.js';

/** Votes and saves on one comment. */
export function commentActionRoutes(deps: ForumDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api/comments/:id' });
  const commentId = (ctx: Parameters<typeof parseParams>[0]) => parseParams(ctx, IdParams).id;

  router.post('/vote', auth.requireAuth, async (ctx) => {
    const id = commentId(ctx);
    const { vote_type } = validBody(ctx, VoteBody);
    ctx.body = await voteOnComment(deps, caller(ctx), id, vote_type);
  });
  router.get('/vote', auth.optionalAuth, async (ctx) => {
    ctx.body = await getCommentVote(models, ctx.state.user, commentId(ctx));
  });
  router.post('/save', auth.requireAuth, async (ctx) => {
    await saveComment(models, caller(ctx), commentId(ctx));
    ctx.body = { saved: true };
  });
  router.delete('/save', auth.requireAuth, async (ctx) => {
    await unsaveComment(models, caller(ctx), commentId(ctx));
    ctx.body = { saved: false };
  });
  router.get('/saved', auth.optionalAuth, async (ctx) => {
    ctx.body = { saved: await getCommentSaved(models, ctx.state.user, commentId(ctx)) };
  });
  return router;
}
