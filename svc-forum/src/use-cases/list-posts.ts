import type { ListPostsQuery } from '@forum/contracts';
import { badRequest, toObjectId, unauthorized, type AuthUser, readLean } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { PostListScope } from '../domain/post-list-query.js';
import { findPostPage, type PostPage } from './shared/find-post-page.js';
import type { Types } from 'mongoose';

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
  if (query.community_id) scope.communityId = toObjectId(query.community_id);
  if (query.author_id) scope.authorId = toObjectId(query.author_id);
  if (query.feed !== 'joined') return findPostPage(models, user, scope, query);
  if (!user) throw unauthorized();
  // The joined communities are read with the rest of what the filter needs (one round trip).
  const joinedScope = readLean<{ community_id: Types.ObjectId }>(
    models.Membership,
    { user_id: toObjectId(user.id) },
    { projection: { community_id: 1 }, sort: { joined_at: -1, _id: -1 } },
  ).then((joined) => ({ ...scope, communityIds: joined.map((m) => m.community_id) }));
  return findPostPage(models, user, joinedScope, query);
}
