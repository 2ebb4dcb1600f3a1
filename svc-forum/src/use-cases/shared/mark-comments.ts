import type { ClientSession, Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';

/**
 * Copies a post's removal onto its comments (post_removed: search leaves them out), in the
 * removal's or restore's transaction: a comment written meanwhile is either seen here or reads
 * the post's new state in its own transaction (both write the post, so one of them re-runs).
 */
export async function markCommentsOf(
  { models }: Pick<ForumDeps, 'models'>,
  postId: Types.ObjectId,
  removed: boolean,
  session: ClientSession,
): Promise<void> {
  await models.Comment.updateMany(
    { post_id: postId },
    { $set: { post_removed: removed } },
    { session },
  );
}
