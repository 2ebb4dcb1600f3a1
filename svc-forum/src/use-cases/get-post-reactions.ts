import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { readVisiblePost } from './shared/find-post.js';
import type { PostReactions } from './shared/post-reactions.js';

/** Counts come from the post's counters; the caller's own reaction from one indexed lookup. */
export async function getPostReactions(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<PostReactions> {
  const post = await readVisiblePost(models, id, user);
  const mine = user
    ? await models.PostReaction.findOne(
        { user_id: toObjectId(user.id), post_id: post._id },
        { reaction_type: 1 },
      ).lean()
    : null;
  return { counts: post.reactions, mine: mine?.reaction_type ?? null };
}
