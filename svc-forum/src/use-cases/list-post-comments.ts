import type { ListCommentsQuery } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { readVisiblePost } from './shared/find-post.js';
import { loadThreads, type ThreadPage } from './shared/load-threads.js';

/** GET /comments/post/{postId} and /posts/{id}/comments: top-level comments, first replies nested. */
export async function listPostComments(
  models: ForumModels,
  user: AuthUser | undefined,
  postId: string,
  query: ListCommentsQuery,
): Promise<ThreadPage> {
  const containerId = toObjectId(postId);
  const post = readVisiblePost(models, postId, user).then((found) => ({
    communityId: found.community_id,
    // Its top-level comments, kept with each one written or deleted (create-comment,
    // delete-comment); a post without the counter is counted.
    size: typeof found.top_comment_count === 'number' ? found.top_comment_count : undefined,
  }));
  return loadThreads(models, user, containerId, post, query);
}
