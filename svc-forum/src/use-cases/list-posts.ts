import type { ListPostsQuery, PostSort } from '@forum/contracts';
import { badRequest, unauthorized, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostDoc } from '../models/post.js';
import { postListQuery, type PostListScope } from '../domain/post-list-query.js';
import { oid } from '../http/ids.js';
import { loadCallerState, type CallerState } from './shared/load-caller-state.js';

export interface PostPage {
  posts: PostDoc[];
  total: number;
  hasMore: boolean;
  state: CallerState;
  /** Saved lists only: post id -> when the caller saved it. */
  savedAt?: Map<string, Date>;
}

/** One indexed query for the page, one count, then the caller's state for the page. */
export async function findPostPage(
  models: ForumModels,
  user: AuthUser | undefined,
  scope: PostListScope,
  page: { sort: PostSort; limit: number; offset: number },
): Promise<PostPage> {
  const { filter, sort } = postListQuery(scope, page.sort);
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

/** GET /api/posts: everything, one community, one author, or (signed in) the joined feed. */
export async function listPosts(
  models: ForumModels,
  user: AuthUser | undefined,
  query: ListPostsQuery,
): Promise<PostPage> {
  // Each list shape has its own index; mixing filters would need more of them.
  const filters = [query.feed, query.community_id, query.author_id].filter(Boolean).length;
  if (filters > 1) throw badRequest('Use only one of feed, community_id and author_id');
  const scope: PostListScope = { visitor: !user };
  if (query.feed === 'joined') {
    if (!user) throw unauthorized();
    const joined = await models.Membership.find({ user_id: oid(user.id) }, { community_id: 1 })
      .sort({ joined_at: -1, _id: -1 })
      .lean();
    scope.communityIds = joined.map((m) => m.community_id);
  }
  if (query.community_id) scope.communityId = oid(query.community_id);
  if (query.author_id) scope.authorId = oid(query.author_id);
  return findPostPage(models, user, scope, query);
}
