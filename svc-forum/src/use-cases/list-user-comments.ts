import { USER_NOT_FOUND, type CommentPageQuery } from '@forum/contracts';
import { notFound, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { AUTHOR_COMMENTS_SORT, authorCommentsFilter } from '../domain/comment-list-query.js';
import { oid } from '../http/ids.js';
import { completeCommentPage, type CommentPage } from './shared/comment-page.js';

/** Newest first; deleted placeholders have no author, so they drop out by themselves. */
async function findAuthorComments(
  models: ForumModels,
  user: AuthUser | undefined,
  authorId: Types.ObjectId,
  { limit, offset }: CommentPageQuery,
): Promise<CommentPage> {
  const filter = authorCommentsFilter(authorId, !user);
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

/** GET /auth/user/{username}/comments: the author resolved through the user directory. */
export async function listUserComments(
  models: ForumModels,
  user: AuthUser | undefined,
  username: string,
  query: CommentPageQuery,
): Promise<CommentPage> {
  const author = await models.DirectoryUser.findOne(
    { username_lower: username.toLowerCase() },
    { _id: 1 },
  ).lean();
  if (!author) throw notFound(USER_NOT_FOUND);
  return findAuthorComments(models, user, author._id, query);
}

/** GET /auth/me/comments. */
export const listMyComments = (models: ForumModels, user: AuthUser, query: CommentPageQuery) =>
  findAuthorComments(models, user, oid(user.id), query);
