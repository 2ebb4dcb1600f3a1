import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentReactions } from '../presenters/reactions.js';
import { presentVote, presentVoteOutcome } from '../presenters/vote.js';
import { voteOnPost } from '../use-cases/vote-on-post.js';
import { getPostVote } from '../use-cases/get-post-vote.js';
import { reactToPost } from '../use-cases/react-to-post.js';
import { removePostReaction } from '../use-cases/remove-post-reaction.js';
import { getPostReactions } from '../use-cases/get-post-reactions.js';
import { savePost } from '../use-cases/save-post.js';
import { unsavePost } from '../use-cases/unsave-post.js';
import { getPostSaved } from '../use-cases/get-post-saved.js';

/** Votes, reactions and saves on one post. */
export function postActionHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    'POST /api/posts/{id}/vote': async ({ user, params, body }) =>
      presentVoteOutcome(await voteOnPost(deps, user, params.id, body.vote_type)),
    'GET /api/posts/{id}/vote': async ({ user, params }) =>
      presentVote(await getPostVote(models, user, params.id)),
    'GET /api/posts/{id}/reactions': async ({ user, params }) =>
      presentReactions(await getPostReactions(models, user, params.id)),
    'POST /api/posts/{id}/reactions': async ({ user, params, body }) =>
      presentReactions(await reactToPost(deps, user, params.id, body.reaction_type)),
    'DELETE /api/posts/{id}/reactions': async ({ user, params }) =>
      presentReactions(await removePostReaction(deps, user, params.id)),
    'POST /api/posts/{id}/save': async ({ user, params }) => {
      await savePost(models, user, params.id);
      return { saved: true };
    },
    'DELETE /api/posts/{id}/save': async ({ user, params }) => {
      await unsavePost(models, user, params.id);
      return { saved: false };
    },
    'GET /api/posts/{id}/saved': async ({ user, params }) => ({
      saved: await getPostSaved(models, user, params.id),
    }),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
