import type { PostSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { PostDoc } from '../../models/post.js';
import { postListQuery, type PostListScope } from '../../domain/post-list-query.js';
import { visiblePosts } from '../../domain/hidden-filter.js';
import { loadCallerState, type CallerState } from './load-caller-state.js';
import { loadHidden } from './hidden.js';

export interface PostPage {
  posts: PostDoc[];
  total: number;
  hasMore: boolean;
  state: CallerState;
  /** Saved lists only: post id -> when the caller saved it. */
  savedAt?: Map<string, Date>;
}

/**
 * One indexed query for the page, one count, then the caller's state for the page. Posts being
 * deleted (or in a community being deleted) are left out.
 */
export async function findPostPage(
  models: ForumModels,
  user: AuthUser | undefined,
  scope: PostListScope,
  page: { sort: PostSort; limit: number; offset: number },
): Promise<PostPage> {
  const { filter: shape, sort } = postListQuery(scope, page.sort);
  const filter = visiblePosts(shape, await loadHidden(models));
  if (!filter)
    return { posts: [], total: 0, hasMore: false, state: await loadCallerState(models, user, []) };
  const [posts, total] = await Promise.all([
    models.Post.find(filter).sort(sort).skip(page.offset).limit(page.limit).lean<PostDoc[]>(),
    models.Post.countDocuments(filter),
  ]);
  const state = await loadCallerState(
    models,
    user,
    posts.map((p) => p._id),
  );
  return { posts, total, hasMore: page.offset + posts.length < total, state };
}
