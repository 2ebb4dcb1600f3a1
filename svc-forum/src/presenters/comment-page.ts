import type { CommentPageResponse, CommentThreadsResponse } from '@forum/contracts';
import type { CommentPage } from '../use-cases/shared/comment-page.js';
import type { ThreadPage } from '../use-cases/shared/load-threads.js';
import { presentComment, presentThread } from './comment.js';
import { presentPagination } from './pagination.js';

export const presentThreadPage = (page: ThreadPage): CommentThreadsResponse => ({
  comments: page.threads.map((node) => presentThread(node, page.state, page.viewer)),
  pagination: presentPagination(page),
});

/** Saved and profile lists: each comment with its post's title and community name. */
export const presentCommentPage = (page: CommentPage): CommentPageResponse => ({
  comments: page.comments.map((doc) => {
    const savedAt = page.savedAt?.get(doc._id.toHexString());
    return presentComment(
      doc,
      page.state,
      {
        postTitle: page.postTitles.get(doc.post_id.toHexString()) ?? '',
        ...(savedAt ? { savedAt } : {}),
      },
      page.viewer,
    );
  }),
  pagination: presentPagination(page),
});
