import { toObjectId, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import { readVisiblePost } from './shared/find-post.js';

/** The caller's vote on the post: 1, -1, or null (none, or a visitor). */
export async function getPostVote(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<1 | -1 | null> {
  const post = await readVisiblePost(models, id, user);
  if (!user) return null;
  const vote = await models.PostVote.findOne(
    { user_id: toObjectId(user.id), post_id: post._id },
    { vote_type: 1 },
  ).lean();
  return vote?.vote_type ?? null;
}
