import { PostTexts } from '@forum/contracts';
import { forbidden, type AuthUser } from '@forum/service-kit';
import type { PostDoc } from '../models/post.js';

/** Spec §6: authors edit and delete their own posts. Voting on one's own post is allowed. */
export const isAuthor = (post: Pick<PostDoc, 'author_id'>, user: AuthUser) =>
  post.author_id.toHexString() === user.id;

export function assertCanEditPost(post: PostDoc, user: AuthUser): void {
  if (!isAuthor(post, user)) throw forbidden(PostTexts.cannotEdit);
}

export function assertCanDeletePost(post: PostDoc, user: AuthUser): void {
  if (!isAuthor(post, user)) throw forbidden(PostTexts.cannotDelete);
}
