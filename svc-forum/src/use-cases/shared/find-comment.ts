import { CommentTexts } from '@forum/contracts';
import { notFound, type AuthUser, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { CommentDoc } from '../../models/comment.js';
import { assertCanViewPost } from '../../policies/nsfw-policy.js';
import { isBeingDeleted } from './hidden.js';

/**
 * The comment (a deleted placeholder included) or 404 'Comment not found', as for a comment whose
 * post or community is being deleted.
 */
export async function findComment(models: ForumModels, id: string): Promise<CommentDoc> {
  const comment = await models.Comment.findById(toObjectId(id)).lean<CommentDoc>();
  if (!comment || (await isBeingDeleted(models, [comment.post_id, comment.community_id]))) {
    throw notFound(CommentTexts.notFound);
  }
  return comment;
}

/** For reads: the comment if this caller may see it (NSFW comments need a signed-in caller). */
export async function findVisibleComment(
  models: ForumModels,
  id: string,
  user: AuthUser | undefined,
): Promise<CommentDoc> {
  const comment = await findComment(models, id);
  assertCanViewPost(comment, user);
  return comment;
}

/**
 * For writes (edit, delete, vote, save): a deleted placeholder is gone as far as its author and
 * voters are concerned, so it answers 404 like a missing comment.
 */
export async function findLiveComment(models: ForumModels, id: string): Promise<CommentDoc> {
  const comment = await findComment(models, id);
  if (comment.is_deleted) throw notFound(CommentTexts.notFound);
  return comment;
}
