import { Router } from '@koa/router';
import { IdParams, ReactBody, VoteBody } from '@forum/contracts';
import { parseParams, type Auth } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { caller, validBody } from '../http/validate.js';
import { voteOnPost } from '../use-cases/vote-on-post.js';
import { getPostVote } from '../use-cases/get-post-vote.js';
import { reactToPost } from '../use-cases/react-to-post.js';
import { removePostReaction } from '../use-cases/remove-post-reaction.js';
import { getPostReactions } from '../use-cases/get-post-reactions.js';
import { savePost } from '../use-cases/save-post.js';
import { unsavePost } from '../use-cases/unsave-post.js';
import { getPostSaved } from '../use-cases/get-post-saved.js';

/** Votes, reactions and saves on one post. */
export function postActionRoutes(deps: ForumDeps, auth: Auth): Router {
  const { models } = deps;
  const router = new Router({ prefix: '/api/posts/:id' });
  const postId = (ctx: Parameters<typeof parseParams>[0]) => parseParams(ctx, IdParams).id;

  router.post('/vote', auth.requireAuth, async (ctx) => {
    const id = postId(ctx);
    const { vote_type } = validBody(ctx, VoteBody);
    ctx.body = await voteOnPost(deps, caller(ctx), id, vote_type);
  });
  router.get('/vote', auth.optionalAuth, async (ctx) => {
    ctx.body = await getPostVote(models, ctx.state.user, postId(ctx));
  });
  router.get('/reactions', auth.optionalAuth, async (ctx) => {
    ctx.body = await getPostReactions(models, ctx.state.user, postId(ctx));
  });
  router.post('/reactions', auth.requireAuth, async (ctx) => {
    const id = postId(ctx);
    const { reaction_type } = validBody(ctx, ReactBody);
    ctx.body = await reactToPost(models, caller(ctx), id, reaction_type);
  });
  router.delete('/reactions', auth.requireAuth, async (ctx) => {
    ctx.body = await removePostReaction(models, caller(ctx), postId(ctx));
  });
  router.post('/save', auth.requireAuth, async (ctx) => {
    await savePost(models, caller(ctx), postId(ctx));
    ctx.body = { saved: true };
  });
  router.delete('/save', auth.requireAuth, async (ctx) => {
    await unsavePost(models, caller(ctx), postId(ctx));
    ctx.body = { saved: false };
  });
  router.get('/saved', auth.optionalAuth, async (ctx) => {
    ctx.body = { saved: await getPostSaved(models, ctx.state.user, postId(ctx)) };
  });
  return router;
}
