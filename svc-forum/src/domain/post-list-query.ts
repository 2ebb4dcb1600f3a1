import type { Types } from 'mongoose';
import type { PostSort } from '@forum/contracts';
import { withRemovalRule, type RemovedSeen } from './removed-filter.js';

/** Each sort matches indexes declared on the Post model (_id breaks ties, keeping pages stable). */
export const POST_SORTS: Record<PostSort, Record<string, -1>> = {
  new: { created_at: -1, _id: -1 },
  top: { score: -1, _id: -1 },
  hot: { hot: -1, _id: -1 },
};

export interface PostListScope {
  communityId?: Types.ObjectId;
  /** The joined feed: several communities merged with $in, still one indexed query. */
  communityIds?: Types.ObjectId[];
  authorId?: Types.ObjectId;
  /** Visitors (no token) never see NSFW content. */
  visitor: boolean;
  /** Whose removed posts the reader sees (EXTENSIONS §M4); none when absent. */
  removedSeen?: RemovedSeen;
}

export interface PostListQuery {
  filter: Record<string, unknown>;
  sort: Record<string, -1>;
}

/** The one place list filters are built, so the index test can enumerate every shape. */
export function postListQuery(scope: PostListScope, sort: PostSort): PostListQuery {
  const filter: Record<string, unknown> = {};
  if (scope.communityIds) filter.community_id = { $in: scope.communityIds };
  else if (scope.communityId) filter.community_id = scope.communityId;
  if (scope.authorId) filter.author_id = scope.authorId;
  if (scope.visitor) filter.community_nsfw = false;
  return { filter: withRemovalRule(filter, scope.removedSeen ?? []), sort: POST_SORTS[sort] };
}
