import type { CommentPageQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommentDoc } from '../../models/comment.js';
import { AUTHOR_COMMENTS_SORT, authorCommentsFilter } from '../../domain/comment-list-query.js';
import { visibleComments } from '../../domain/hidden-filter.js';
import { completeCommentPage, type CommentPage } from './comment-page.js';
import { loadHidden } from './hidden.js';
import { loadViewer, removedSeenBy } from './load-viewer.js';

/**
 * Newest first; deleted placeholders have no author, so they drop out by themselves, and comments
 * under a post or community being deleted are left out, as are removed ones for all but their
 * moderators and the admin (EXTENSIONS §M4).
 */
export async function findAuthorComments(
  models: ForumModels,
  user: AuthUser | undefined,
  authorId: Types.ObjectId,
  { limit, offset }: CommentPageQuery,
): Promise<CommentPage> {
  const [viewer, hidden] = await Promise.all([loadViewer(models, user), loadHidden(models)]);
  const shape = authorCommentsFilter(authorId, !user, removedSeenBy(viewer));
  const filter = visibleComments(shape, hidden)!;
  const [comments, total] = await Promise.all([
    models.Comment.find(filter)
      .sort(AUTHOR_COMMENTS_SORT)
      .skip(offset)
      .limit(limit)
      .lean<CommentDoc[]>(),
    models.Comment.countDocuments(filter),
  ]);
  return completeCommentPage(models, user, viewer, comments, {
    total,
    offset,
    listed: comments.length,
  });
}
