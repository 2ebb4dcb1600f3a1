import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { NOT_DELETING } from '../models/deletion.js';
import { assertCanDeletePost } from '../policies/post-policy.js';
import { findPost } from './shared/find-post.js';
import { findOwnDeletion, recordDeletion } from './shared/deletions.js';
import { finishDeletion } from './shared/finish-deletion.js';

/**
 * The author only. One transaction marks the post `deleting` (every read hides it and its
 * comments from then on; no vote, reaction or comment can land on it), moves the community's
 * post_count once, and records the tombstone; the cascade then runs in batches (finishDeletion).
 * The author's DELETE again, after a crash or a lost answer, resumes it instead of a 404.
 */
export async function deletePost(deps: ForumDeps, user: AuthUser, id: string): Promise<void> {
  const { models, conn } = deps;
  const pending = await findOwnDeletion(models, toObjectId(id), user);
  if (pending) return finishDeletion(deps, pending);
  const post = await findPost(models, id);
  assertCanDeletePost(post, user);
  const deletion = await inTransaction(conn, async () => {
    const marked = await models.Post.updateOne(
      { _id: post._id, ...NOT_DELETING },
      { $set: { deleting: true } },
    );
    if (marked.modifiedCount === 1) {
      await models.Community.updateOne(
        { _id: post.community_id, post_count: { $gt: 0 } },
        { $inc: { post_count: -1 } },
      );
    }
    return recordDeletion(models, {
      id: post._id,
      kind: 'post',
      user,
      images: [post.image_url, post.thumbnail_url],
    });
  });
  await finishDeletion(deps, deletion);
}
