import { inTransaction, toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostReactionDoc } from '../models/post-reaction.js';
import { findVisiblePost } from './shared/find-post.js';
import { moveReactionCounts, type PostReactions } from './shared/post-reactions.js';

/** Idempotent: the counter drops in the transaction that removed the reaction, if one did. */
export async function removePostReaction(
  { models, conn }: Pick<ForumDeps, 'models' | 'conn'>,
  user: AuthUser,
  id: string,
): Promise<PostReactions> {
  const post = await findVisiblePost(models, id, user);
  return inTransaction(conn, async () => {
    const removed = await models.PostReaction.findOneAndDelete({
      post_id: post._id,
      user_id: toObjectId(user.id),
    }).lean<PostReactionDoc>();
    if (!removed) return { counts: post.reactions, mine: null };
    const moves = { [`reactions.${removed.reaction_type}`]: -1 };
    return moveReactionCounts(models, post._id, moves, null);
  });
}
