import type { PostSort } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import { POST_LIST_FIELDS, type PostDoc } from '../../models/post.js';
import { postListQuery, type PostListScope } from '../../domain/post-list-query.js';
import { visiblePosts, withoutAuthors } from '../../domain/hidden-filter.js';
import { pinnedPageSlices, restOfPage, restWindow } from '../../domain/pinned-page.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { loadListCallerState, type CallerState } from './load-caller-state.js';
import { loadHidden } from './hidden.js';
import { loadBlockedAuthors } from './load-blocks.js';
import { loadViewer, removedSeenBy } from './load-viewer.js';
import { COUNTERS, postListTotal, type Counted } from './post-list-total.js';
import { readLean } from '@forum/service-kit';

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
 * One indexed query for the page, its total from the counters the writes keep (post-list-total),
 * then the caller's state for the page. Posts being deleted (or in a community being deleted) are
 * left out, and removed ones for all but their communities' moderators and the admin. A
 * community's page leads with its pinned posts. Posts by authors the caller blocked are left
 * out too (EXTENSIONS §B1), and the total with them.
 *
 * Round trips (issue 17): what the page's filter needs (the scope when it is read, e.g. the
 * joined communities, the viewer, the deletes in progress, the blocks, a community's pinned
 * posts with its counters, from its document) is read in one parallel step, then the page with
 * its total, then the caller's state.
 */
export async function findPostPage(
  models: ForumModels,
  user: AuthUser | undefined,
  scopeOrRead: PostListScope | Promise<PostListScope>,
  page: Page,
): Promise<PostPage> {
  const communityId = scopeOrRead instanceof Promise ? undefined : scopeOrRead.communityId;
  const [scope, viewer, hidden, blocked, listed] = await Promise.all([
    scopeOrRead,
    loadViewer(models, user),
    loadHidden(models),
    loadBlockedAuthors(models, user),
    communityId ? loadListedCommunity(models, communityId) : undefined,
  ]);
  const pinnedIds = listed?.pinnedIds ?? [];
  const removedSeen = removedSeenBy(viewer);
  const { filter: shape, sort } = postListQuery({ ...scope, removedSeen }, page.sort);
  const visible = visiblePosts(shape, hidden);
  const filter = withoutAuthors(visible, blocked);
  const [posts, total] = !filter
    ? [[], 0]
    : await Promise.all([
        pinnedIds.length > 0
          ? pinnedFirst(models, pinnedIds, filter, sort, page)
          : plainPage(models, filter, sort, page),
        postListTotal(models, scope, removedSeen, hidden, {
          filter,
          visible: visible!,
          blocked,
          ...(listed ? { community: listed.counted } : {}),
        }),
      ]);
  const state = await loadListCallerState(models, user, posts);
  return { posts, total, hasMore: page.offset + posts.length < total, state, viewer };
}

/** A community page's community: its counters (null: no such community) and pinned posts. */
interface ListedCommunity {
  counted: Counted | null;
  pinnedIds: Types.ObjectId[];
}

/**
 * One read of the community's document: the counters its total needs and its pinned posts
 * (EXTENSIONS §M2: at most two, newest pin first), kept there by every pin and unpin. A community
 * from before that field finds its pinned posts by query.
 */
async function loadListedCommunity(
  models: ForumModels,
  communityId: Types.ObjectId,
): Promise<ListedCommunity> {
  const [community] = await readLean<Counted & { pinned_post_ids?: Types.ObjectId[] }>(
    models.Community,
    { _id: communityId },
    { projection: { ...COUNTERS, pinned_post_ids: 1 }, limit: 1 },
  );
  if (!community) return { counted: null, pinnedIds: [] };
  const { pinned_post_ids: pinned, ...counted } = community;
  return { counted, pinnedIds: pinned ?? (await queryPinnedIds(models, communityId)) };
}

/** A community's pinned posts by query, newest pin first. */
const queryPinnedIds = async ({ Post }: ForumModels, communityId: Types.ObjectId) =>
  (
    await readLean<{ _id: Types.ObjectId }>(
      Post,
      { community_id: communityId, pinned: true },
      { projection: { _id: 1 }, sort: { pinned_at: -1, _id: -1 } },
    )
  ).map((p) => p._id);

const plainPage = (
  { Post }: ForumModels,
  filter: Filter,
  sort: Record<string, -1>,
  { offset, limit }: { offset: number; limit: number },
): Promise<PostDoc[]> =>
  limit > 0
    ? readLean<PostDoc>(Post, filter, { projection: POST_LIST_FIELDS, sort, skip: offset, limit })
    : Promise.resolve([]);

/**
 * EXTENSIONS §M2: the community's pinned posts (`pinnedIds`: at most two, newest pin first; those
 * this reader may see) lead the page in every sort, then the rest without them; offset and limit count over
 * the combined list (whose total is the list's own: the pinned posts are among its posts).
 */
async function pinnedFirst(
  models: ForumModels,
  pinnedIds: Types.ObjectId[],
  filter: Filter,
  sort: Record<string, -1>,
  page: Page,
): Promise<PostDoc[]> {
  const readable = await readLean<PostDoc>(
    models.Post,
    { $and: [filter, { _id: { $in: pinnedIds } }] },
    { projection: POST_LIST_FIELDS },
  );
  const pinned = pinnedIds
    .map((id) => readable.find((p) => p._id.equals(id)))
    .filter((p): p is PostDoc => p !== undefined);
  const slices = pinnedPageSlices(pinned.length, page.offset, page.limit);
  // The plain list around the rest's page, the pinned posts left out here (pinned-page.ts).
  const window = restWindow(pinned.length, slices.restSkip, slices.restLimit);
  const rest =
    slices.restLimit > 0
      ? restOfPage(
          await plainPage(models, filter, sort, { offset: window.skip, limit: window.limit }),
          pinned,
          sort,
          slices.restSkip,
          slices.restLimit,
        )
      : [];
  return [...pinned.slice(slices.pinnedFrom, slices.pinnedFrom + slices.pinnedTake), ...rest];
}
