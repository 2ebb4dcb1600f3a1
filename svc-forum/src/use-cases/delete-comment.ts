import { DELETED_COMMENT_TEXT } from '@forum/contracts';
import { inTransaction, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import type { CommentDoc } from '../models/comment.js';
import { assertCanDeleteComment } from '../policies/comment-policy.js';
import { findLiveComment } from './shared/find-comment.js';

const decrement = (field: string) => ({ $inc: { [field]: -1 } });

/**
 * Remove deleted placeholders that no longer have replies, walking up from `id`: the
 * conditional deleteOne (is_deleted, reply_count 0) is atomic against a reply reserving its slot.
 */
async function pruneUpwards(
  { Comment, CommentVote }: ForumModels,
  id: Types.ObjectId | null,
): Promise<void> {
  let current = id;
  while (current) {
    const gone = await Comment.findOneAndDelete({
      _id: current,
      is_deleted: true,
      reply_count: 0,
    }).lean<CommentDoc>();
    if (!gone) return;
    await CommentVote.deleteMany({ comment_id: gone._id });
    current = gone.parent_id;
    if (current) {
      await Comment.updateOne({ _id: current, reply_count: { $gt: 0 } }, decrement('reply_count'));
    }
  }
}

/**
 * DELETE /comments/{id}, the author only. Without replies the comment goes (with its votes and
 * saves), its parent's reply_count drops, and a deleted parent left without replies goes too.
 * With replies it stays in the thread as a placeholder ('[deleted]', no author). The post's
 * comment_count counts live comments: it drops once, only for the request whose conditional
 * write did the delete, and never below 0. All of it is one transaction.
 */
export async function deleteComment(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  id: string,
): Promise<void> {
  const comment = await findLiveComment(models, id);
  assertCanDeleteComment(comment, user);
  await inTransaction(conn, () => removeComment(models, comment));
}

async function removeComment(models: ForumModels, comment: CommentDoc): Promise<void> {
  const { Comment, CommentVote, CommentSave, Post } = models;
  const removed = await Comment.deleteOne({ _id: comment._id, is_deleted: false, reply_count: 0 });
  let changed = removed.deletedCount === 1;
  if (changed) {
    await CommentVote.deleteMany({ comment_id: comment._id });
    if (comment.parent_id) {
      await Comment.updateOne(
        { _id: comment.parent_id, reply_count: { $gt: 0 } },
        decrement('reply_count'),
      );
      await pruneUpwards(models, comment.parent_id);
    }
  } else {
    const marked = await Comment.updateOne(
      { _id: comment._id, is_deleted: false },
      {
        $set: {
          is_deleted: true,
          content: DELETED_COMMENT_TEXT,
          author_id: null,
          author_username: null,
        },
      },
    );
    // A reply removed concurrently writes this comment's reply_count too: the transactions
    // conflict and one re-runs, so the placeholder never outlives its last reply.
    changed = marked.modifiedCount === 1;
  }
  if (!changed) return;
  await CommentSave.deleteMany({ comment_id: comment._id });
  await Post.updateOne(
    { _id: comment.post_id, comment_count: { $gt: 0 } },
    decrement('comment_count'),
  );
}
