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
 * Answers whether the walk removed the thread's top-level comment (its post's list shrinks).
 */
async function pruneUpwards(
  { Comment, CommentVote }: ForumModels,
  id: Types.ObjectId | null,
): Promise<boolean> {
  let current = id;
  while (current) {
    const gone = await Comment.findOneAndDelete({
      _id: current,
      is_deleted: true,
      reply_count: 0,
    }).lean<CommentDoc>();
    if (!gone) return false;
    await CommentVote.deleteMany({ comment_id: gone._id });
    current = gone.parent_id;
    if (current) {
      await Comment.updateOne({ _id: current, reply_count: { $gt: 0 } }, decrement('reply_count'));
    }
  }
  return true;
}

/**
 * DELETE /comments/{id}, the author only. Without replies the comment goes (with its votes and
 * saves), its parent's reply_count drops, and a deleted parent left without replies goes too.
 * With replies it stays in the thread as a placeholder ('[deleted]', no author). The post's
 * comment_count counts live comments: it drops once, only for the request whose conditional
 * write did the delete, and never below 0; its top_comment_count drops when a top-level comment
 * leaves the list (deleted, or its placeholder pruned). All of it is one transaction.
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

/** The delete itself, inside the caller's transaction (an account deletion reuses it). */
export async function removeComment(models: ForumModels, comment: CommentDoc): Promise<void> {
  const { Comment, CommentVote, CommentSave, Post } = models;
  const removed = await Comment.deleteOne({ _id: comment._id, is_deleted: false, reply_count: 0 });
  let changed = removed.deletedCount === 1;
  // Did a top-level comment leave the post's list (the comment itself, or its thread's
  // placeholder pruned after it)? A placeholder keeps its place and its count.
  let topLeft = changed && !comment.parent_id;
  if (changed) {
    await CommentVote.deleteMany({ comment_id: comment._id });
    if (comment.parent_id) {
      await Comment.updateOne(
        { _id: comment.parent_id, reply_count: { $gt: 0 } },
        decrement('reply_count'),
      );
      topLeft = await pruneUpwards(models, comment.parent_id);
    }
  } else {
    const marked = await Comment.updateOne(
      { _id: comment._id, is_deleted: false },
      {
        $set: {
          is_deleted: true,
          content: DELETED_COMMENT_TEXT,
          // Search leaves deleted comments out; their words need not stay either.
          search_terms: [],
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
  // One write to the post when both counters move: every delete on a post writes that one
  // document, and a second write in the same transaction held it long enough for 100 concurrent
  // deletes to spend over a minute re-running their conflicting transactions (3 s with one).
  if (topLeft) {
    const both = await Post.updateOne(
      { _id: comment.post_id, comment_count: { $gt: 0 }, top_comment_count: { $gt: 0 } },
      { $inc: { comment_count: -1, top_comment_count: -1 } },
    );
    if (both.modifiedCount === 1) return;
  }
  await Post.updateOne(
    { _id: comment.post_id, comment_count: { $gt: 0 } },
    decrement('comment_count'),
  );
  if (topLeft) {
    // Never below 0; a post not yet counted (no field) is left to the backfill and the count.
    await Post.updateOne(
      { _id: comment.post_id, top_comment_count: { $gt: 0 } },
      decrement('top_comment_count'),
    );
  }
}
