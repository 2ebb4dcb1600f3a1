import { CommunityTexts, PostTexts, type CreatePostBody } from '@forum/contracts';
import {
  IMAGE_PRESETS,
  badRequest,
  inTransaction,
  notFound,
  saveImage,
  toObjectId,
  type AuthUser,
} from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { PostDoc } from '../models/post.js';
import { hotScore } from '../domain/hot-score.js';
import { postSearchTerms } from '../domain/search-terms.js';
import { assertCanPostIn } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { rememberUser } from './remember-user.js';
import { releasePostImages } from './shared/release-image.js';
import { movePostCounts, ONE_POST } from './shared/move-post-counts.js';
import { assertNotBannedFrom } from './shared/assert-not-banned.js';
import { recordMentions } from './shared/record-mentions.js';

/**
 * Members only. Names are copied (author from the token, community from its record). The post,
 * its author's subscription, the post counters (the community's and the site's) and
 * forum.mention.recorded (when its content mentions users) are one transaction (only while the community is not being deleted). The image (image posts only; a file sent with
 * another type is ignored) is decoded and stored before it, outside (slow, and not a database
 * write), only after every other check passed, so a refused request stores nothing.
 */
export async function createPost(
  deps: ForumDeps,
  user: AuthUser,
  body: CreatePostBody,
  upload?: Uint8Array,
): Promise<PostDoc> {
  const { models, conn, media, outbox } = deps;
  if (body.type === 'image' && !upload) throw badRequest(PostTexts.imageRequired);
  const community = await findCommunity(models, body.community_id);
  await assertNotBannedFrom(models, community._id, user);
  const member = await models.Membership.exists({
    user_id: toObjectId(user.id),
    community_id: community._id,
  });
  assertCanPostIn(!!member);
  await rememberUser(models, user);
  const image =
    body.type === 'image' && upload
      ? await saveImage(media.posts, upload, IMAGE_PRESETS.post.process)
      : null;
  const created_at = new Date();
  try {
    const created = await inTransaction(conn, async (session) => {
      const [post] = await models.Post.create([
        {
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
          search_terms: postSearchTerms({ title: body.title, content: body.content ?? '' }),
          created_at,
        },
      ]);
      await models.PostSubscription.create([
        { post_id: post!._id, user_id: toObjectId(user.id), created_at },
      ]);
      if (
        !(await movePostCounts(models, { id: community._id, nsfw: community.is_nsfw }, ONE_POST))
      ) {
        throw notFound(CommunityTexts.notFound);
      }
      // EXTENSIONS §F3: `u/name` in the content (the title is plain text, never a mention).
      await recordMentions(
        outbox,
        session,
        { type: 'post', id: post!._id, content: post!.content, created_at },
        post!,
        user,
      );
      return post!.toObject();
    });
    // Committed: the post references its files now. An identical upload's release may have
    // removed them meanwhile (MediaStore.release); write them back.
    await image?.ensureStored();
    return created;
  } catch (err) {
    // Do not leave a stored file behind a post that was never written.
    await releasePostImages(deps, [image?.url, image?.thumbnailUrl]);
    throw err;
  }
}
