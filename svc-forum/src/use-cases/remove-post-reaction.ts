import type { ReactionsResponse } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostReactionDoc } from '../models/post-reaction.js';
import { oid } from '../http/ids.js';
import { presentReactions } from '../presenters/reactions.js';
import { findVisiblePost } from './shared/find-post.js';
import { adjustReactionCounts } from './react-to-post.js';

/** Idempotent: the counter drops only if this request removed a reaction. */
export async function removePostReaction(
  models: ForumModels,
  user: AuthUser,
  id: string,
): Promise<ReactionsResponse> {
  const post = await findVisiblePost(models, id, user);
  const removed = await models.PostReaction.findOneAndDelete({
    post_id: post._id,
    user_id: oid(user.id),
  }).lean<PostReactionDoc>();
  if (!removed) return presentReactions(post.reactions, null);
  return adjustReactionCounts(
    models,
    post._id,
    { [`reactions.${removed.reaction_type}`]: -1 },
    null,
  );
}
