import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentVote, presentVoteOutcome } from '../presenters/vote.js';
import { voteOnComment } from '../use-cases/vote-on-comment.js';
import { getCommentVote } from '../use-cases/get-comment-vote.js';
import { saveComment } from '../use-cases/save-comment.js';
import { unsaveComment } from '../use-cases/unsave-comment.js';
import { getCommentSaved } from '../use-cases/get-comment-saved.js';

/** Votes and saves on one comment. */
export function commentActionHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    'POST /api/comments/{id}/vote': async ({ user, params, body }) =>
      presentVoteOutcome(await voteOnComment(deps, user, params.id, body.vote_type)),
    'GET /api/comments/{id}/vote': async ({ user, params }) =>
      presentVote(await getCommentVote(models, user, params.id)),
    'POST /api/comments/{id}/save': async ({ user, params }) => {
      await saveComment(models, user, params.id);
      return { saved: true };
    },
    'DELETE /api/comments/{id}/save': async ({ user, params }) => {
      await unsaveComment(models, user, params.id);
      return { saved: false };
    },
    'GET /api/comments/{id}/saved': async ({ user, params }) => ({
      saved: await getCommentSaved(models, user, params.id),
    }),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
