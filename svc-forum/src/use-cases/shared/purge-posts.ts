import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { PostDoc } from '../../models/post.js';
import { releasePostImages } from './release-image.js';

/**
 * Everything hanging off these posts: votes, reactions, saves, subscriptions, comments with
 * their votes and saves (all keyed by post_id), and images (the posts themselves must be gone
 * already, see releasePostImages). No transactions (ARCHITECTURE §7): each delete is
 * idempotent, so a retry after a crash finishes the job; rows of a post that no longer exists
 * are invisible anyway.
 */
export async function purgePostContent(
  deps: ForumDeps,
  posts: Pick<PostDoc, '_id' | 'image_url' | 'thumbnail_url'>[],
): Promise<void> {
  if (posts.length === 0) return;
  const { models } = deps;
  const ids: Types.ObjectId[] = posts.map((p) => p._id);
  const byPost = { post_id: { $in: ids } };
  await Promise.all([
    models.PostVote.deleteMany(byPost),
    models.PostReaction.deleteMany(byPost),
    models.PostSave.deleteMany(byPost),
    models.PostSubscription.deleteMany(byPost),
    models.Comment.deleteMany(byPost),
    models.CommentVote.deleteMany(byPost),
    models.CommentSave.deleteMany(byPost),
  ]);
  await releasePostImages(
    deps,
    posts.flatMap((p) => [p.image_url, p.thumbnail_url]),
  );
}
