import { CommentTexts, Subjects, type CreateCommentBody } from '@forum/contracts';
import { badRequest, notFound, type AuthUser, toObjectId } from '@forum/service-kit';
import { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { CommentDoc } from '../models/comment.js';
import type { PostDoc } from '../models/post.js';
import { assertCanReplyTo } from '../policies/comment-policy.js';
import { findVisiblePost } from './shared/find-post.js';
import { rememberUser } from './remember-user.js';

/** Notification previews (messaging cuts further if it wants). */
const PREVIEW_MAX = 200;
const preview = (text: string) =>
  text.length > PREVIEW_MAX ? `${text.slice(0, PREVIEW_MAX - 1)}…` : text;

/**
 * A reply first reserves its slot on the parent with a conditional $inc (the parent still
 * exists, is not deleted and is shallow enough): a concurrent delete of the parent then sees
 * reply_count > 0 and leaves a placeholder instead of orphaning the reply.
 */
async function reserveReply(
  { models }: ForumDeps,
  parentId: string,
  postId: string,
): Promise<CommentDoc> {
  const parent = await models.Comment.findById(toObjectId(parentId)).lean<CommentDoc>();
  if (!parent) throw notFound(CommentTexts.parentNotFound);
  assertCanReplyTo(parent, postId);
  const reserved = await models.Comment.updateOne(
    { _id: parent._id, is_deleted: false },
    { $inc: { reply_count: 1 } },
  );
  if (reserved.modifiedCount === 0) throw badRequest(CommentTexts.parentDeleted);
  return parent;
}

/**
 * POST /comments (signed in). Depth is the server's: 0 for a top-level comment, parent + 1 for
 * a reply. The post's comment_count follows; forum.comment.created carries the post's author,
 * the parent's author and the post's subscribers, so messaging notifies without calling back.
 */
export async function createComment(
  deps: ForumDeps,
  user: AuthUser,
  body: CreateCommentBody,
): Promise<CommentDoc> {
  const { models, outbox } = deps;
  const post: PostDoc = await findVisiblePost(models, body.post_id, user);
  const parent = body.parent_id ? await reserveReply(deps, body.parent_id, body.post_id) : null;
  const _id = new Types.ObjectId();
  let comment: CommentDoc;
  try {
    await rememberUser(models, user);
    const created = await models.Comment.create({
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
    });
    comment = created.toObject();
  } catch (err) {
    // Give the reserved slot back.
    if (parent) {
      await models.Comment.updateOne(
        { _id: parent._id, reply_count: { $gt: 0 } },
        { $inc: { reply_count: -1 } },
      );
    }
    throw err;
  }
  const [, subscribers] = await Promise.all([
    models.Post.updateOne({ _id: post._id }, { $inc: { comment_count: 1 } }),
    models.PostSubscription.find({ post_id: post._id }, { user_id: 1 }).lean(),
  ]);
  await outbox.add(Subjects.CommentCreated, {
    comment_id: _id.toHexString(),
    post_id: post._id.toHexString(),
    post_title: post.title,
    post_author_id: post.author_id.toHexString(),
    community_id: post.community_id.toHexString(),
    parent_id: parent?._id.toHexString() ?? null,
    parent_author_id: parent?.author_id?.toHexString() ?? null,
    author_id: user.id,
    author_username: user.username,
    content_preview: preview(comment.content),
    subscriber_ids: subscribers.map((s) => s.user_id.toHexString()),
    created_at: comment.created_at.toISOString(),
  });
  return comment;
}
