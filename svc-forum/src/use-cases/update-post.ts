import { PostTexts, isHttpUrl, IMAGE_DESCRIPTION_MAX, type UpdatePostBody } from '@forum/contracts';
import { badRequest, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { assertCanEditPost } from '../policies/post-policy.js';
import { postSearchTerms } from '../domain/search-terms.js';
import { findPost } from './shared/find-post.js';
import { loadCallerState, type CallerState } from './shared/load-caller-state.js';

/** The content rules of the post's own type (which, like its community, cannot change). */
function checkContent(type: PostDoc['type'], content: string): void {
  if (type === 'text' && content === '') throw badRequest(PostTexts.contentRequired);
  if (type === 'link' && !isHttpUrl(content)) throw badRequest(PostTexts.linkInvalid);
  if (type === 'image' && content.length > IMAGE_DESCRIPTION_MAX) {
    throw badRequest(PostTexts.descriptionMax);
  }
}

/** The author only; answers the post as edited with the caller's vote, save and reaction. */
export async function updatePost(
  models: ForumModels,
  user: AuthUser,
  id: string,
  body: UpdatePostBody,
): Promise<{ post: PostDoc; state: CallerState }> {
  const post = await findPost(models, id);
  assertCanEditPost(post, user);
  const content = body.content ?? post.content;
  checkContent(post.type, content);
  const updated = await models.Post.findOneAndUpdate(
    { _id: post._id },
    { $set: { title: body.title, content, search_terms: postSearchTerms({ ...body, content }) } },
    { returnDocument: 'after' },
  ).lean<PostDoc>();
  const edited = updated ?? { ...post, title: body.title, content };
  return { post: edited, state: await loadCallerState(models, user, [edited._id]) };
}
