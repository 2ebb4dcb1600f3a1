import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { assertCanDeletePost } from '../policies/post-policy.js';
import { findPost } from './shared/find-post.js';
import { purgePostContent } from './shared/purge-posts.js';

/** The author only; post_count drops only when this request's delete removed the post. */
export async function deletePost(deps: ForumDeps, user: AuthUser, id: string): Promise<void> {
  const { models } = deps;
  const post = await findPost(models, id);
  assertCanDeletePost(post, user);
  const { deletedCount } = await models.Post.deleteOne({ _id: post._id });
  if (deletedCount === 1) {
    await models.Community.updateOne(
      { _id: post.community_id, post_count: { $gt: 0 } },
      { $inc: { post_count: -1 } },
    );
  }
  await purgePostContent(deps, [post]);
}
