import type { Types } from 'mongoose';
import type { ForumDeps } from '../../deps.js';
import type { PostDoc } from '../../models/post.js';
import { releasePostImages } from './release-image.js';

/** Comment data keyed by post_id (the comments issue owns the models; names fixed there). */
const COMMENT_COLLECTIONS = ['comments'] as const;

/**
 * Everything hanging off these posts: votes, reactions, saves, subscriptions, comments and
 * images (the posts themselves must be gone already, see releasePostImages). No transactions (ARCHITECTURE §7): each delete is idempotent, so a retry after a
 * crash finishes the job; rows of a post that no longer exists are invisible anyway.
 */
export async function purgePostContent(
  deps: ForumDeps,
  posts: Pick<PostDoc, '_id' | 'image_url' | 'thumbnail_url'>[],
): Promise<void> {
  if (posts.length === 0) return;
  const { models, conn } = deps;
  const ids: Types.ObjectId[] = posts.map((p) => p._id);
  const byPost = { post_id: { $in: ids } };
  await Promise.all([
    models.PostVote.deleteMany(byPost),
    models.PostReaction.deleteMany(byPost),
    models.PostSave.deleteMany(byPost),
    models.PostSubscription.deleteMany(byPost),
    ...COMMENT_COLLECTIONS.map((name) => conn.collection(name).deleteMany(byPost)),
  ]);
  await releasePostImages(
    deps,
    posts.flatMap((p) => [p.image_url, p.thumbnail_url]),
  );
}
