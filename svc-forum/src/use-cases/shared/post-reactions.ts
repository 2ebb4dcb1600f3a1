import { PostTexts, type ReactionCounts, type ReactionType } from '@forum/contracts';
import { notFound } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import { NOT_DELETING } from '../../models/deletion.js';
import type { PostDoc } from '../../models/post.js';

/** A post's reaction counters as stored, and the caller's own reaction. */
export interface PostReactions {
  counts: Partial<ReactionCounts> | undefined;
  mine: ReactionType | null;
}

/** Counter moves by reaction kind, e.g. { 'reactions.heart': -1 }. */
export type ReactionCountMoves = Partial<Record<`reactions.${ReactionType}`, number>>;

/**
 * Moves the counters on the post and reads them back after the change. Inside the reaction's
 * transaction: a post whose delete has started matches nothing, and the 404 undoes the reaction.
 */
export async function moveReactionCounts(
  { Post }: ForumModels,
  postId: Types.ObjectId,
  moves: ReactionCountMoves,
  mine: ReactionType | null,
): Promise<PostReactions> {
  const updated = await Post.findOneAndUpdate(
    { _id: postId, ...NOT_DELETING },
    { $inc: moves },
    { returnDocument: 'after', projection: { reactions: 1 } },
  ).lean<Pick<PostDoc, 'reactions'>>();
  if (!updated) throw notFound(PostTexts.notFound);
  return { counts: updated.reactions, mine };
}
