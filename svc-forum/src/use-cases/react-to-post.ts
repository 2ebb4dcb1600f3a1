import type { ReactionType, ReactionsResponse } from '@forum/contracts';
import { isDuplicateKeyError, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { oid } from '../http/ids.js';
import { presentReactions } from '../presenters/reactions.js';
import { findVisiblePost } from './shared/find-post.js';

type Counts = Partial<Record<`reactions.${ReactionType}`, number>>;

/**
 * Spec §4: the same kind again removes it, another replaces it. Like votes: one atomic step per
 * attempt on the (user, post) document, and the counters move by what that step did.
 */
async function applyReaction(
  { PostReaction }: ForumModels,
  postId: Types.ObjectId,
  userId: Types.ObjectId,
  kind: ReactionType,
): Promise<{ counts: Counts; mine: ReactionType | null }> {
  const key = { post_id: postId, user_id: userId };
  for (;;) {
    if (await PostReaction.findOneAndDelete({ ...key, reaction_type: kind }).lean()) {
      return { counts: { [`reactions.${kind}`]: -1 }, mine: null };
    }
    const replaced = await PostReaction.findOneAndUpdate(
      { ...key, reaction_type: { $ne: kind } },
      { $set: { reaction_type: kind } },
    ).lean();
    if (replaced) {
      return {
        counts: { [`reactions.${replaced.reaction_type}`]: -1, [`reactions.${kind}`]: 1 },
        mine: kind,
      };
    }
    try {
      await PostReaction.create({ ...key, reaction_type: kind, created_at: new Date() });
      return { counts: { [`reactions.${kind}`]: 1 }, mine: kind };
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
    }
  }
}

/** Moves the counters on the post and answers the post's reactions after the change. */
export async function adjustReactionCounts(
  { Post }: ForumModels,
  postId: Types.ObjectId,
  counts: Counts,
  mine: ReactionType | null,
): Promise<ReactionsResponse> {
  const updated = await Post.findOneAndUpdate(
    { _id: postId },
    { $inc: counts },
    { returnDocument: 'after', projection: { reactions: 1 } },
  ).lean<Pick<PostDoc, 'reactions'>>();
  return presentReactions(updated?.reactions, mine);
}

export async function reactToPost(
  models: ForumModels,
  user: AuthUser,
  id: string,
  kind: ReactionType,
): Promise<ReactionsResponse> {
  const post = await findVisiblePost(models, id, user);
  const { counts, mine } = await applyReaction(models, post._id, oid(user.id), kind);
  return adjustReactionCounts(models, post._id, counts, mine);
}
