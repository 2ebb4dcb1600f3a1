import type { Types } from 'mongoose';
import type { ForumModels } from '../../models/index.js';
import type { CommunityDoc } from '../../models/community.js';
import { SITE_POSTS, type PostTotalsDoc } from '../../models/post-totals.js';
import type { PostListScope } from '../../domain/post-list-query.js';
import type { Hidden } from '../../domain/hidden-filter.js';
import type { RemovedSeen } from '../../domain/removed-filter.js';
import { communityCounts, homeTotal, seesRemovedIn, shownOf } from '../../domain/post-counts.js';
import { readLean } from '@forum/service-kit';

type Filter = Record<string, unknown>;
/** What a list's total needs of a community (COUNTERS). */
export type Counted = Pick<
  CommunityDoc,
  '_id' | 'is_nsfw' | 'deleting' | 'post_count' | 'removed_post_count'
>;
export const COUNTERS = {
  is_nsfw: 1,
  deleting: 1,
  post_count: 1,
  removed_post_count: 1,
} as const;

/**
 * A post list's total (issue 17: no count that grows with the posts on every page). The community
 * page, the joined feed and home answer from the counters the writes keep (move-post-counts.ts):
 * one community's, the joined communities' (cost grows with the memberships), the site's. A
 * profile counts its author's posts: a range of one author's keys, and per-author counters
 * could not follow a community's delete (its posts leave every author's list at once). Where a
 * counter is missing (a database the start-up backfill has not counted yet) the list counts.
 *
 * A reader who blocked authors (EXTENSIONS §B1): a counter total less the blocked authors' posts
 * the list would show (`visible` narrowed to them: one count on the (author_id, community_id,
 * removed) index, its cost the blocked authors' posts, not the list's); a counted total counts
 * the list's own filter, which leaves them out already.
 */
export interface TotalFilters {
  /** The list's filter. */
  filter: Filter;
  /** The list's filter before the blocked authors were taken out of it. */
  visible: Filter;
  /** The authors the reader blocked. */
  blocked: Types.ObjectId[];
  /**
   * A community page's community as already read (its COUNTERS; null: it does not exist), so
   * its total needs no read of its own.
   */
  community?: Counted | null;
}

export async function postListTotal(
  models: ForumModels,
  scope: PostListScope,
  seen: RemovedSeen,
  hidden: Hidden,
  { filter, visible, blocked, community }: TotalFilters,
): Promise<number> {
  const counted = scope.authorId
    ? null
    : scope.communityIds || scope.communityId
      ? await communitiesTotal(
          models,
          scope.communityIds ?? [scope.communityId!],
          scope,
          seen,
          hidden,
          community === undefined ? undefined : community ? [community] : [],
        )
      : await siteTotal(models, scope, seen, hidden);
  if (counted === null) return models.Post.countDocuments(filter);
  if (blocked.length === 0) return counted;
  return counted - (await models.Post.countDocuments(blockedAuthorsPosts(visible, blocked)));
}

/** The posts of a list's filter by the blocked authors (post-list-total's subtraction). */
export const blockedAuthorsPosts = (visible: Filter, blocked: Types.ObjectId[]): Filter => ({
  ...visible,
  author_id: { $in: blocked },
});

const live = (ids: Types.ObjectId[], hidden: Hidden) => {
  const gone = new Set(hidden.communities.map((id) => id.toHexString()));
  return ids.filter((id) => !gone.has(id.toHexString()));
};

/** The communities' counters (`read`: those already read), or null when one is not counted. */
async function loadCounters(
  { Community }: ForumModels,
  ids: Types.ObjectId[],
  read?: Counted[],
): Promise<Counted[] | null> {
  if (ids.length === 0) return [];
  const wanted = new Set(ids.map((id) => id.toHexString()));
  const rows = read
    ? read.filter((c) => wanted.has(c._id.toHexString()))
    : await readLean<Counted>(Community, { _id: { $in: ids } }, { projection: COUNTERS });
  return rows.length === ids.length && rows.every((c) => communityCounts(c)) ? rows : null;
}

/** The sum over some communities: those not being deleted, and no NSFW one for a visitor. */
async function communitiesTotal(
  models: ForumModels,
  ids: Types.ObjectId[],
  { visitor }: PostListScope,
  seen: RemovedSeen,
  hidden: Hidden,
  read?: Counted[],
): Promise<number | null> {
  const rows = await loadCounters(models, live(ids, hidden), read);
  if (!rows) return null;
  return rows
    .filter((c) => !c.deleting && !(visitor && c.is_nsfw))
    .reduce((sum, c) => sum + shownOf(communityCounts(c)!, seesRemovedIn(seen, c._id)), 0);
}

/** Home: the site totals, plus a moderator's communities' removed posts. */
async function siteTotal(
  models: ForumModels,
  { visitor }: PostListScope,
  seen: RemovedSeen,
  hidden: Hidden,
): Promise<number | null> {
  const [[site], moderated] = await Promise.all([
    readLean<PostTotalsDoc>(models.PostTotals, { _id: SITE_POSTS }, { limit: 1 }),
    seen === 'all' ? [] : loadCounters(models, live([...seen], hidden)),
  ]);
  if (!site || !moderated) return null;
  const moderatedRemoved = moderated
    .filter((c) => !c.deleting && !(visitor && c.is_nsfw))
    .reduce((sum, c) => sum + communityCounts(c)!.removed, 0);
  return homeTotal(site, { visitor, seesAllRemoved: seen === 'all', moderatedRemoved });
}
