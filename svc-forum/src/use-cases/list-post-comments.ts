import type { ListCommentsQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { findVisiblePost } from './shared/find-post.js';
import { loadThreads, type ThreadPage } from './shared/load-threads.js';

/** GET /comments/post/{postId} and /posts/{id}/comments: top-level comments, first replies nested. */
export async function listPostComments(
  models: ForumModels,
  user: AuthUser | undefined,
  postId: string,
  query: ListCommentsQuery,
): Promise<ThreadPage> {
  const post = await findVisiblePost(models, postId, user);
  return loadThreads(
    models,
    user,
    {
      containerId: post._id,
      communityId: post.community_id,
      // Its top-level comments, kept with each one written or deleted (create-comment,
      // delete-comment); a post without the counter is counted.
      size: typeof post.top_comment_count === 'number' ? post.top_comment_count : undefined,
    },
    query,
  );
}
