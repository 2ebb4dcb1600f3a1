import type { ReactionsResponse } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { presentReactions } from '../presenters/reactions.js';
import { findVisiblePost } from './shared/find-post.js';

/** Counts come from the post's counters; the caller's own reaction from one indexed lookup. */
export async function getPostReactions(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<ReactionsResponse> {
  const post = await findVisiblePost(models, id, user);
  const mine = user
    ? await models.PostReaction.findOne(
        { user_id: oid(user.id), post_id: post._id },
        { reaction_type: 1 },
      ).lean()
    : null;
  return presentReactions(post.reactions, mine?.reaction_type ?? null);
}
