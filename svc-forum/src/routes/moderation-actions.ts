import type { AuthUser, ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import type { CommentDoc } from '../models/comment.js';
import type { Viewer } from '../policies/moderation-policy.js';
import { presentPost } from '../presenters/post.js';
import { presentComment } from '../presenters/comment.js';
import { loadCallerState } from '../use-cases/shared/load-caller-state.js';
import { loadCommentState } from '../use-cases/shared/load-comment-state.js';
import { removePost } from '../use-cases/remove-post.js';
import { restorePost } from '../use-cases/restore-post.js';
import { lockPost } from '../use-cases/lock-post.js';
import { unlockPost } from '../use-cases/unlock-post.js';
import { pinPost } from '../use-cases/pin-post.js';
import { unpinPost } from '../use-cases/unpin-post.js';
import { removeComment } from '../use-cases/remove-comment.js';
import { restoreComment } from '../use-cases/restore-comment.js';

/** The moderator who just acted reads the item in full (they moderate its community). */
const moderatorOf = (
  user: AuthUser,
  item: { community_id: { toHexString(): string } },
): Viewer => ({
  userId: user.id,
  isAdmin: user.isAdmin,
  moderates: new Set([item.community_id.toHexString()]),
});

/** EXTENSIONS §M2 on posts and comments: each answers the item as it is now. */
export function moderationActionHandlers(deps: ForumDeps) {
  const { models } = deps;
  const post = async (user: AuthUser, doc: PostDoc) => ({
    post: presentPost(doc, await loadCallerState(models, user, [doc._id]), moderatorOf(user, doc)),
  });
  const comment = async (user: AuthUser, doc: CommentDoc) => ({
    comment: presentComment(
      doc,
      await loadCommentState(models, user, [doc._id]),
      undefined,
      moderatorOf(user, doc),
    ),
  });
  return {
    'POST /api/posts/{id}/remove': async ({ user, params, body }) =>
      post(user, await removePost(deps, user, params.id, body.reason)),
    'POST /api/posts/{id}/restore': async ({ user, params, body }) =>
      post(user, await restorePost(deps, user, params.id, body.reason)),
    'POST /api/posts/{id}/lock': async ({ user, params, body }) =>
      post(user, await lockPost(deps, user, params.id, body.reason)),
    'POST /api/posts/{id}/unlock': async ({ user, params, body }) =>
      post(user, await unlockPost(deps, user, params.id, body.reason)),
    'POST /api/posts/{id}/pin': async ({ user, params }) =>
      post(user, await pinPost(deps, user, params.id)),
    'POST /api/posts/{id}/unpin': async ({ user, params }) =>
      post(user, await unpinPost(deps, user, params.id)),
    'POST /api/comments/{id}/remove': async ({ user, params, body }) =>
      comment(user, await removeComment(deps, user, params.id, body.reason)),
    'POST /api/comments/{id}/restore': async ({ user, params, body }) =>
      comment(user, await restoreComment(deps, user, params.id, body.reason)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
