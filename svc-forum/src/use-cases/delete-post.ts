import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { NOT_DELETING } from '../models/deletion.js';
import type { PostDoc } from '../models/post.js';
import { assertCanDeletePost } from '../policies/post-policy.js';
import { findPost } from './shared/find-post.js';
import { findOwnDeletion, recordDeletion } from './shared/deletions.js';
import { finishDeletion } from './shared/finish-deletion.js';
import { forgetHidden } from './shared/hidden.js';
import { communityOfPost, movePostCounts } from './shared/move-post-counts.js';

/**
 * The author only. One transaction marks the post `deleting` (every read hides it and its
 * comments from then on; no vote, reaction or comment can land on it), moves the post counters
 * once (it leaves every list's total), and records the tombstone; the cascade then runs in batches (finishDeletion).
 * The author's DELETE again, after a crash or a lost answer, resumes it instead of a 404.
 */
export async function deletePost(deps: ForumDeps, user: AuthUser, id: string): Promise<void> {
  const { models, conn } = deps;
  const pending = await findOwnDeletion(models, toObjectId(id), user);
  if (pending) return finishDeletion(deps, pending);
  const post = await findPost(models, id);
  assertCanDeletePost(post, user);
  const deletion = await inTransaction(conn, async () => {
    // The post as the transaction found it: whether it was removed is what the counters hold.
    const marked = await models.Post.findOneAndUpdate(
      { _id: post._id, ...NOT_DELETING },
      { $set: { deleting: true } },
      { projection: { removed: 1 } },
    ).lean<Pick<PostDoc, '_id' | 'removed'>>();
    if (marked) {
      await movePostCounts(models, communityOfPost(post), {
        posts: -1,
        removed: marked.removed ? -1 : 0,
      });
    }
    return recordDeletion(models, {
      id: post._id,
      kind: 'post',
      user,
      images: [post.image_url, post.thumbnail_url],
    });
  });
  // Lists leave the post out from now on, in this process at once.
  forgetHidden(models);
  await finishDeletion(deps, deletion);
}
