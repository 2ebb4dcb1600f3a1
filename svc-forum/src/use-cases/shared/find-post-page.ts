import type { PostSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { PostDoc } from '../../models/post.js';
import { postListQuery, type PostListScope } from '../../domain/post-list-query.js';
import { visiblePosts } from '../../domain/hidden-filter.js';
import { pinnedPageSlices } from '../../domain/pinned-page.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { loadCallerState, type CallerState } from './load-caller-state.js';
import { loadHidden } from './hidden.js';
import { loadViewer, removedSeenBy } from './load-viewer.js';

export interface PostPage {
  posts: PostDoc[];
  total: number;
  hasMore: boolean;
  state: CallerState;
  /** Who reads (what removed posts show them, EXTENSIONS §M4). */
  viewer: Viewer;
  /** Saved lists only: post id -> when the caller saved it. */
  savedAt?: Map<string, Date>;
}

type Filter = Record<string, unknown>;
type Page = { sort: PostSort; limit: number; offset: number };

/**
 * One indexed query for the page, one count, then the caller's state for the page. Posts being
 * deleted (or in a community being deleted) are left out, and removed ones for all but their
 * communities' moderators and the admin. A community's page leads with its pinned posts.
 */
export async function findPostPage(
  models: ForumModels,
  user: AuthUser | undefined,
  scope: PostListScope,
  page: Page,
): Promise<PostPage> {
  const [viewer, hidden] = await Promise.all([loadViewer(models, user), loadHidden(models)]);
  const { filter: shape, sort } = postListQuery(
    { ...scope, removedSeen: removedSeenBy(viewer) },
    page.sort,
  );
  const filter = visiblePosts(shape, hidden);
  const { posts, total } = !filter
    ? { posts: [], total: 0 }
    : scope.communityId
      ? await pinnedFirst(models, scope.communityId, filter, sort, page)
      : await plainPage(models, filter, sort, page);
  const state = await loadCallerState(
    models,
    user,
    posts.map((p) => p._id),
  );
  return { posts, total, hasMore: page.offset + posts.length < total, state, viewer };
}

async function plainPage(
  { Post }: ForumModels,
  filter: Filter,
  sort: Record<string, -1>,
  { offset, limit }: { offset: number; limit: number },
): Promise<{ posts: PostDoc[]; total: number }> {
  const [posts, total] = await Promise.all([
    limit > 0 ? Post.find(filter).sort(sort).skip(offset).limit(limit).lean<PostDoc[]>() : [],
    Post.countDocuments(filter),
  ]);
  return { posts, total };
}

/**
 * EXTENSIONS §M2: the community's pinned posts (at most two, newest pin first, those this reader
 * may see) lead the page in every sort, then the rest without them; offset and limit count over
 * the combined list.
 */
async function pinnedFirst(
  models: ForumModels,
  communityId: Types.ObjectId,
  filter: Filter,
  sort: Record<string, -1>,
  page: Page,
): Promise<{ posts: PostDoc[]; total: number }> {
  const pinnedIds = (
    await models.Post.find({ community_id: communityId, pinned: true }, { _id: 1 })
      .sort({ pinned_at: -1, _id: -1 })
      .lean()
  ).map((p) => p._id);
  if (pinnedIds.length === 0) return plainPage(models, filter, sort, page);
  const readable = await models.Post.find({
    $and: [filter, { _id: { $in: pinnedIds } }],
  }).lean<PostDoc[]>();
  const pinned = pinnedIds
    .map((id) => readable.find((p) => p._id.equals(id)))
    .filter((p): p is PostDoc => p !== undefined);
  const slices = pinnedPageSlices(pinned.length, page.offset, page.limit);
  const rest = await plainPage(models, { $and: [filter, { _id: { $nin: pinnedIds } }] }, sort, {
    offset: slices.restSkip,
    limit: slices.restLimit,
  });
  return {
    posts: [
      ...pinned.slice(slices.pinnedFrom, slices.pinnedFrom + slices.pinnedTake),
      ...rest.posts,
    ],
    total: pinned.length + rest.total,
  };
}
