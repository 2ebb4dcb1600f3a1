import { CommentTexts, PostTexts, Subjects, type CreateCommentBody } from '@forum/contracts';
import { badRequest, inTransaction, notFound, type AuthUser, toObjectId } from '@forum/service-kit';
import { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { CommentDoc } from '../models/comment.js';
import { NOT_DELETING } from '../models/deletion.js';
import type { PostDoc } from '../models/post.js';
import { assertCanReplyTo } from '../policies/comment-policy.js';
import { commentSearchTerms } from '../domain/search-terms.js';
import { notificationPreview } from '../domain/notification-preview.js';
import { recordMentions } from './shared/record-mentions.js';
import { findVisiblePost } from './shared/find-post.js';
import { rememberUser } from './remember-user.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { loadCommunityRole } from './shared/community-role.js';
import { assertCanCommentOn } from '../policies/moderation-policy.js';

/**
 * POST /comments (signed in). Depth is the server's: 0 for a top-level comment, parent + 1 for
 * a reply. One transaction holds the reply's slot on its parent (reply_count, only while the
 * parent is live, so a concurrent delete of the parent keeps a placeholder), the comment, the
 * post's comment_count and, for a top-level comment, top_comment_count (only while the post is
 * not being deleted), forum.comment.created (the post's and the parent's authors; the
 * subscribers follow from forum's fan-out consumer) and forum.mention.recorded when it mentions
 * users (EXTENSIONS §F3).
 */
export async function createComment(
  deps: ForumDeps,
  user: AuthUser,
  body: CreateCommentBody,
): Promise<CommentDoc> {
  const { models, conn, outbox } = deps;
  const post: PostDoc = await findVisiblePost(models, body.post_id, user);
  // EXTENSIONS §M2: not while banned there; on a locked post, only its moderators.
  await assertNotBannedFrom(models, post.community_id, user);
  if (post.locked)
    assertCanCommentOn(post, await loadCommunityRole(models, post.community_id, user));
  const parent = body.parent_id ? await findParent(deps, body.parent_id, body.post_id) : null;
  await rememberUser(models, user);
  return inTransaction(conn, async (session) => {
    if (parent) {
      const reserved = await models.Comment.updateOne(
        { _id: parent._id, is_deleted: false },
        { $inc: { reply_count: 1 } },
      );
      if (reserved.modifiedCount === 0) throw badRequest(CommentTexts.parentDeleted);
    }
    const _id = new Types.ObjectId();
    const [created] = await models.Comment.create([
      {
        _id,
        content: body.content,
        post_id: post._id,
        parent_id: parent?._id ?? null,
        container_id: parent?._id ?? post._id,
        root_id: parent?.root_id ?? _id,
        depth: parent ? parent.depth + 1 : 0,
        author_id: toObjectId(user.id),
        author_username: user.username,
        community_id: post.community_id,
        community_name: post.community_name,
        community_nsfw: post.community_nsfw ?? false,
        search_terms: commentSearchTerms(body),
        post_removed: post.removed ?? false,
      },
    ]);
    const comment = created!.toObject();
    const counted = await models.Post.findOneAndUpdate(
      { _id: post._id, ...NOT_DELETING },
      // A top-level comment also moves its list's total (top_comment_count).
      { $inc: parent ? { comment_count: 1 } : { comment_count: 1, top_comment_count: 1 } },
      { projection: { removed: 1 } },
    ).lean<Pick<PostDoc, '_id' | 'removed'>>();
    if (!counted) throw notFound(PostTexts.notFound);
    // Removed or restored since it was read: this write and that one's conflicted, so this is
    // the post's state now (what search's post_removed must say; mark-comments.ts).
    if ((counted.removed ?? false) !== comment.post_removed) {
      await models.Comment.updateOne({ _id }, { $set: { post_removed: counted.removed ?? false } });
    }
    await outbox.add(
      Subjects.CommentCreated,
      {
        comment_id: _id.toHexString(),
        post_id: post._id.toHexString(),
        post_title: post.title,
        post_author_id: post.author_id.toHexString(),
        community_id: post.community_id.toHexString(),
        parent_id: parent?._id.toHexString() ?? null,
        parent_author_id: parent?.author_id?.toHexString() ?? null,
        author_id: user.id,
        author_username: user.username,
        content_preview: notificationPreview(comment.content),
        created_at: comment.created_at.toISOString(),
      },
      { session },
    );
    await recordMentions(
      outbox,
      session,
      { type: 'comment', id: _id, content: comment.content, created_at: comment.created_at },
      post,
      user,
    );
    return comment;
  });
}

/** The parent of a reply: it exists (404), belongs to this post and is shallow enough (400). */
async function findParent(
  { models }: ForumDeps,
  parentId: string,
  postId: string,
): Promise<CommentDoc> {
  const parent = await models.Comment.findById(toObjectId(parentId)).lean<CommentDoc>();
  if (!parent) throw notFound(CommentTexts.parentNotFound);
  assertCanReplyTo(parent, postId);
  return parent;
}
