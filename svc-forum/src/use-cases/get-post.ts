import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { readVisiblePost } from './shared/find-post.js';
import type { Viewer } from '../policies/moderation-policy.js';
import { loadCallerState, type CallerState } from './shared/load-caller-state.js';
import { loadViewerFor } from './shared/load-viewer.js';

/**
 * The post with the caller's vote, save and reaction; NSFW posts need a signed-in caller. A
 * removed one is still found (EXTENSIONS §M4): the viewer decides what of it shows.
 */
export async function getPost(
  models: ForumModels,
  user: AuthUser | undefined,
  id: string,
): Promise<{ post: PostDoc; state: CallerState; viewer: Viewer }> {
  const post = await readVisiblePost(models, id, user);
  const [state, viewer] = await Promise.all([
    loadCallerState(models, user, [post._id]),
    loadViewerFor(models, user, post.community_id, [post]),
  ]);
  return { post, state, viewer };
}
