import { PostTexts } from '@forum/contracts';
import { notFound, type AuthUser, toObjectId, readLean } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { PostDoc } from '../../models/post.js';
import { assertCanViewPost } from '../../policies/nsfw-policy.js';
import { isBeingDeleted, loadHidden } from './hidden.js';

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

/**
 * For the GETs of one post (its page, its comments, the caller's vote, save, reaction and
 * subscription): findVisiblePost, with the deletes in progress taken from the lists' copy
 * (loadHidden, at most HIDDEN_MAX_AGE_MS old) instead of a read of their own after the post's,
 * so a post's page costs one round trip less. A delete this process started shows at once
 * (forgetHidden); another replica's within that age, as it does in the lists. Writes keep
 * findVisiblePost's own read: nothing is written into a post or community being deleted.
 */
export async function readVisiblePost(
  models: ForumModels,
  id: string,
  user: AuthUser | undefined,
): Promise<PostDoc> {
  const [[post], hidden] = await Promise.all([
    readLean<PostDoc>(models.Post, { _id: toObjectId(id) }, { limit: 1 }),
    loadHidden(models),
  ]);
  if (
    !post ||
    post.deleting ||
    hidden.posts.some((hiddenId) => hiddenId.equals(post._id)) ||
    hidden.communities.some((hiddenId) => hiddenId.equals(post.community_id))
  ) {
    throw notFound(PostTexts.notFound);
  }
  assertCanViewPost(post, user);
  return post;
}
