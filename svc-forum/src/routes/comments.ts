import { CommentTexts } from '@forum/contracts';
import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { authorView } from '../policies/moderation-policy.js';
import { presentComment } from '../presenters/comment.js';
import { presentCommentPage, presentThreadPage } from '../presenters/comment-page.js';
import { createComment } from '../use-cases/create-comment.js';
import { getComment } from '../use-cases/get-comment.js';
import { updateComment } from '../use-cases/update-comment.js';
import { deleteComment } from '../use-cases/delete-comment.js';
import { listPostComments } from '../use-cases/list-post-comments.js';
import { listCommentReplies } from '../use-cases/list-comment-replies.js';
import { listSavedComments } from '../use-cases/list-saved-comments.js';

/** /api/comments: create, threads of a post, read, edit, delete, replies, saved list. */
export function commentHandlers(deps: ForumDeps) {
  const { models } = deps;
  return {
    'POST /api/comments': async ({ user, body }) => ({
      comment: presentComment(await createComment(deps, user, body)),
    }),
    'GET /api/comments/post/{postId}': async ({ user, params, query }) =>
      presentThreadPage(await listPostComments(models, user, params.postId, query)),
    // The spec lists both paths for the same data.
    'GET /api/posts/{id}/comments': async ({ user, params, query }) =>
      presentThreadPage(await listPostComments(models, user, params.id, query)),
    'GET /api/comments/saved/my': async ({ user, query }) =>
      presentCommentPage(await listSavedComments(models, user, query)),
    'GET /api/comments/{id}': async ({ user, params }) => {
      const { comment, state, viewer } = await getComment(models, user, params.id);
      return { comment: presentComment(comment, state, undefined, viewer) };
    },
    'PUT /api/comments/{id}': async ({ user, params, body }) => {
      const { comment, state } = await updateComment(models, user, params.id, body);
      return { comment: presentComment(comment, state, undefined, authorView(user)) };
    },
    'DELETE /api/comments/{id}': async ({ user, params }) => {
      await deleteComment(deps, user, params.id);
      return { message: CommentTexts.deleted };
    },
    'GET /api/comments/{id}/replies': async ({ user, params, query }) =>
      presentThreadPage(await listCommentReplies(models, user, params.id, query)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
