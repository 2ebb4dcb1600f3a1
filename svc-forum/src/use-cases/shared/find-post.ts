import { PostTexts } from '@forum/contracts';
import { notFound, type AuthUser, toObjectId, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { PostDoc } from '../../models/post.js';
import { assertCanViewPost } from '../../policies/nsfw-policy.js';
import { isBeingDeleted } from './hidden.js';

/**
 * The post or 404 'Post not found'. A post whose delete (or its community's) has started is gone
 * for every reader and writer at once, though its documents are still being removed.
 */
export async function findPost(models: ForumModels, id: string): Promise<PostDoc> {
  const [post] = await readLean<PostDoc>(models.Post, { _id: toObjectId(id) }, { limit: 1 });
  if (!post || post.deleting || (await isBeingDeleted(models, [post.community_id]))) {
    throw notFound(PostTexts.notFound);
  }
  return post;
}

/** The post, if this caller may see it (NSFW policy), for every per-post read. */
export async function findVisiblePost(
  models: ForumModels,
  id: string,
  user: AuthUser | undefined,
): Promise<PostDoc> {
  const post = await findPost(models, id);
  assertCanViewPost(post, user);
  return post;
}
