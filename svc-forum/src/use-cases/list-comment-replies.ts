import type { ListCommentsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
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
  const containerId = toObjectId(id);
  const comment = findVisibleComment(models, id, user).then((found) => ({
    communityId: found.community_id,
    // Its direct replies, kept with each reply written or deleted (create-comment,
    // delete-comment), so the list's total needs no count.
    size: typeof found.reply_count === 'number' ? found.reply_count : undefined,
  }));
  return loadThreads(models, user, containerId, comment, query);
}
