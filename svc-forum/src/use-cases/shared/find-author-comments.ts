import type { CommentPageQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommentDoc } from '../../models/comment.js';
import { AUTHOR_COMMENTS_SORT, authorCommentsFilter } from '../../domain/comment-list-query.js';
import { visibleComments } from '../../domain/hidden-filter.js';
import { completeCommentPage, type CommentPage } from './comment-page.js';
import { loadHidden } from './hidden.js';

/**
 * Newest first; deleted placeholders have no author, so they drop out by themselves, and comments
 * under a post or community being deleted are left out.
 */
export async function findAuthorComments(
  models: ForumModels,
  user: AuthUser | undefined,
  authorId: Types.ObjectId,
  { limit, offset }: CommentPageQuery,
): Promise<CommentPage> {
  const filter = visibleComments(authorCommentsFilter(authorId, !user), await loadHidden(models))!;
  const [comments, total] = await Promise.all([
    models.Comment.find(filter)
      .sort(AUTHOR_COMMENTS_SORT)
      .skip(offset)
      .limit(limit)
      .lean<CommentDoc[]>(),
    models.Comment.countDocuments(filter),
  ]);
  return completeCommentPage(models, user, comments, { total, offset, listed: comments.length });
}
