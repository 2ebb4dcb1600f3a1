import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostReactionDoc } from '../models/post-reaction.js';
import { findVisiblePost } from './shared/find-post.js';
import { moveReactionCounts, type PostReactions } from './shared/post-reactions.js';

/** Idempotent: the counter drops only if this request removed a reaction. */
export async function removePostReaction(
  models: ForumModels,
  user: AuthUser,
  id: string,
): Promise<PostReactions> {
  const post = await findVisiblePost(models, id, user);
  const removed = await models.PostReaction.findOneAndDelete({
    post_id: post._id,
    user_id: toObjectId(user.id),
  }).lean<PostReactionDoc>();
  if (!removed) return { counts: post.reactions, mine: null };
  return moveReactionCounts(models, post._id, { [`reactions.${removed.reaction_type}`]: -1 }, null);
}
