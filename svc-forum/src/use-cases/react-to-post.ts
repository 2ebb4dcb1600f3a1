import type { ReactionType } from '@forum/contracts';
import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumDeps } from '../deps.js';
import type { ForumModels } from '../models/index.js';
import { findVisiblePost } from './shared/find-post.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import {
  moveReactionCounts,
  type PostReactions,
  type ReactionCountMoves,
} from './shared/post-reactions.js';
import { inRacingTransaction } from './shared/transaction.js';

/**
 * Spec §4: the same kind again removes it, another replaces it, else it is added under the unique
 * (user, post) index (a concurrent first reaction re-runs the transaction: inRacingTransaction).
 */
async function applyReaction(
  { PostReaction }: ForumModels,
  postId: Types.ObjectId,
  userId: Types.ObjectId,
  kind: ReactionType,
): Promise<{ moves: ReactionCountMoves; mine: ReactionType | null }> {
  const key = { post_id: postId, user_id: userId };
  if (await PostReaction.findOneAndDelete({ ...key, reaction_type: kind }).lean()) {
    return { moves: { [`reactions.${kind}`]: -1 }, mine: null };
  }
  const replaced = await PostReaction.findOneAndUpdate(
    { ...key, reaction_type: { $ne: kind } },
    { $set: { reaction_type: kind } },
  ).lean();
  if (replaced) {
    return {
      moves: { [`reactions.${replaced.reaction_type}`]: -1, [`reactions.${kind}`]: 1 },
      mine: kind,
    };
  }
  await PostReaction.create([{ ...key, reaction_type: kind, created_at: new Date() }]);
  return { moves: { [`reactions.${kind}`]: 1 }, mine: kind };
}

/** The post's reactions after the change; the reaction and the counters move together. */
export async function reactToPost(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  id: string,
  kind: ReactionType,
): Promise<PostReactions> {
  const post = await findVisiblePost(models, id, user);
  await assertNotBannedFrom(models, post.community_id, user);
  return inRacingTransaction(conn, async () => {
    const { moves, mine } = await applyReaction(models, post._id, toObjectId(user.id), kind);
    return moveReactionCounts(models, post._id, moves, mine);
  });
}
