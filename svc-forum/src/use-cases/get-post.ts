import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { findVisiblePost } from './shared/find-post.js';
import { loadCallerState, type CallerState } from './shared/load-caller-state.js';

/** The post with the caller's vote, save and reaction; NSFW posts need a signed-in caller. */
export async function getPost(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<{ post: PostDoc; state: CallerState }> {
  const post = await findVisiblePost(models, id, user);
  return { post, state: await loadCallerState(models, user, [post._id]) };
}
