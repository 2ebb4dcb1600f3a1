import type { VoteResponse } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { oid } from '../http/ids.js';
import { findVisiblePost } from './shared/find-post.js';

/** Visitors have no vote. */
export async function getPostVote(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<VoteResponse> {
  const post = await findVisiblePost(models, id, user);
  if (!user) return { vote: { vote_type: null } };
  const vote = await models.PostVote.findOne(
    { user_id: oid(user.id), post_id: post._id },
    { vote_type: 1 },
  ).lean();
  return { vote: { vote_type: vote?.vote_type ?? null } };
}
