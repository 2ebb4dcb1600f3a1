import type { ReactionType } from '@forum/contracts';
import { isDuplicateKeyError, toObjectId, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../models/index.js';
import { findVisiblePost } from './shared/find-post.js';
import {
  moveReactionCounts,
  type PostReactions,
  type ReactionCountMoves,
} from './shared/post-reactions.js';

/**
 * Spec §4: the same kind again removes it, another replaces it. Like votes: one atomic step per
 * attempt on the (user, post) document, and the counters move by what that step did.
 */
async function applyReaction(
  { PostReaction }: ForumModels,
  postId: Types.ObjectId,
  userId: Types.ObjectId,
  kind: ReactionType,
): Promise<{ moves: ReactionCountMoves; mine: ReactionType | null }> {
  const key = { post_id: postId, user_id: userId };
  for (;;) {
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
    try {
      await PostReaction.create({ ...key, reaction_type: kind, created_at: new Date() });
      return { moves: { [`reactions.${kind}`]: 1 }, mine: kind };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

/** The post's reactions after the change. */
export async function reactToPost(
  models: ForumModels,
  user: AuthUser,
  id: string,
  kind: ReactionType,
): Promise<PostReactions> {
  const post = await findVisiblePost(models, id, user);
  const { moves, mine } = await applyReaction(models, post._id, toObjectId(user.id), kind);
  return moveReactionCounts(models, post._id, moves, mine);
}
