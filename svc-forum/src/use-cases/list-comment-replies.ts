import type { ListCommentsQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisibleComment } from './shared/find-comment.js';
import { loadThreads, type ThreadPage } from './shared/load-threads.js';

/** GET /comments/{id}/replies: direct replies, each with its first replies nested ("N more replies"). */
export async function listCommentReplies(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
  query: ListCommentsQuery,
): Promise<ThreadPage> {
  const comment = await findVisibleComment(models, id, user);
  return loadThreads(
    models,
    user,
    {
      containerId: comment._id,
      communityId: comment.community_id,
      // Its direct replies, kept with each reply written or deleted (create-comment,
      // delete-comment), so the list's total needs no count.
      size: typeof comment.reply_count === 'number' ? comment.reply_count : undefined,
    },
    query,
  );
}
