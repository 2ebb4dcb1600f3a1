import { PostTexts, type CreatePostBody } from '@forum/contracts';
import {
  IMAGE_PRESETS,
  badRequest,
  isDuplicateKeyError,
  saveImage,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import { hotScore } from '../domain/hot-score.js';
import { assertCanPostIn } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { rememberUser } from './remember-user.js';
import { releasePostImages } from './shared/release-image.js';

/**
 * Members only. Names are copied (author from the token, community from its record); the
 * author is subscribed to their post; the community's post_count follows.
 * The image (image posts only; a file sent with another type is ignored) is decoded and stored
 * only after every other check passed, so a refused request stores nothing.
 */
export async function createPost(
  deps: ForumDeps,
  user: AuthUser,
  body: CreatePostBody,
  upload?: Uint8Array,
): Promise<PostDoc> {
  const { models, media } = deps;
  if (body.type === 'image' && !upload) throw badRequest(PostTexts.imageRequired);
  const community = await findCommunity(models, body.community_id);
  const member = await models.Membership.exists({
    community_id: community._id,
    user_id: toObjectId(user.id),
  });
  assertCanPostIn(!!member);
  await rememberUser(models, user);
  const image =
    body.type === 'image' && upload
      ? await saveImage(media.posts, upload, IMAGE_PRESETS.post.process)
      : null;
  const created_at = new Date();
  const post = await models.Post.create({
    title: body.title,
    content: body.content ?? '',
    type: body.type,
    image_url: image?.url ?? null,
    thumbnail_url: image?.thumbnailUrl ?? null,
    community_id: community._id,
    community_name: community.name,
    community_nsfw: community.is_nsfw,
    author_id: toObjectId(user.id),
    author_username: user.username,
    hot: hotScore(0, created_at),
    created_at,
  }).catch(async (err: unknown) => {
    // Do not leave a stored file behind a post that was never written.
    await releasePostImages(deps, [image?.url, image?.thumbnailUrl]);
    throw err;
  });
  await Promise.all([
    models.Community.updateOne({ _id: community._id }, { $inc: { post_count: 1 } }),
    models.PostSubscription.create({
      post_id: post._id,
      user_id: toObjectId(user.id),
      created_at,
    }).catch((err: unknown) => {
      if (!isDuplicateKeyError(err)) throw err;
    }),
  ]);
  return post.toObject();
}
