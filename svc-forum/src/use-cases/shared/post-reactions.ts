import type { ReactionCounts, ReactionType } from '@forum/contracts';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { PostDoc } from '../../models/post.js';

/** A post's reaction counters as stored, and the caller's own reaction. */
export interface PostReactions {
  counts: Partial<ReactionCounts> | undefined;
  mine: ReactionType | null;
}

/** Counter moves by reaction kind, e.g. { 'reactions.heart': -1 }. */
export type ReactionCountMoves = Partial<Record<`reactions.${ReactionType}`, number>>;

/** Moves the counters on the post and reads them back after the change. */
export async function moveReactionCounts(
  { Post }: ForumModels,
  postId: Types.ObjectId,
  moves: ReactionCountMoves,
  mine: ReactionType | null,
): Promise<PostReactions> {
  const updated = await Post.findOneAndUpdate(
    { _id: postId },
    { $inc: moves },
    { returnDocument: 'after', projection: { reactions: 1 } },
  ).lean<Pick<PostDoc, 'reactions'>>();
  return { counts: updated?.reactions, mine };
}
