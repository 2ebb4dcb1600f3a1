import { PostTexts } from '@forum/contracts';
import { HttpError, type AuthUser } from '@forum/service-kit';
import type { PostDoc } from '../models/post.js';

/**
 * Spec §1/§6: NSFW content is only for signed-in users. Lists filter it out with an index;
 * a single NSFW post asked for by a visitor is a 403 with a sign-up hint (the community record
 * itself stays visible with is_nsfw, so hiding the post's existence would gain nothing).
 */
export const isVisitor = (user: AuthUser | undefined): user is undefined => user === undefined;

export function assertCanViewPost(
  post: Pick<PostDoc, 'community_nsfw'>,
  user: AuthUser | undefined,
): void {
  if (post.community_nsfw && isVisitor(user)) throw new HttpError(403, PostTexts.nsfwSignUp);
}
