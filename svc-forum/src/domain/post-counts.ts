import type { Types } from 'mongoose';
import type { RemovedSeen } from './removed-filter.js';

/**
 * Posts as the counters hold them (use-cases/shared/move-post-counts.ts): those not being
 * deleted, removed ones included, and how many of them are removed (EXTENSIONS §M4).
 */
export interface PostCounts {
  posts: number;
  removed: number;
}

/** The site totals (models/post-totals.ts): all live communities, and the NSFW ones' share. */
export interface SitePostCounts extends PostCounts {
  nsfw_posts: number;
  nsfw_removed: number;
}

/** A community's counters, or null when they were never counted (before the start-up backfill). */
export const communityCounts = (c: {
  post_count?: number;
  removed_post_count?: number;
}): PostCounts | null =>
  typeof c.post_count === 'number' && typeof c.removed_post_count === 'number'
    ? { posts: c.post_count, removed: c.removed_post_count }
    : null;

/** Does this reader see the community's removed posts in lists (§M4: its moderators, the admin)? */
export const seesRemovedIn = (seen: RemovedSeen, communityId: Types.ObjectId): boolean =>
  seen === 'all' || seen.some((id) => id.equals(communityId));

/** How many of these posts a list shows: all to a reader who sees removed ones, else the rest. */
export const shownOf = (counts: PostCounts, seesRemoved: boolean): number =>
  seesRemoved ? counts.posts : counts.posts - counts.removed;

/** What a change of one community's counters moves in the site totals. */
export const siteDelta = (delta: PostCounts, nsfw: boolean): SitePostCounts => ({
  posts: delta.posts,
  removed: delta.removed,
  nsfw_posts: nsfw ? delta.posts : 0,
  nsfw_removed: nsfw ? delta.removed : 0,
});

export const negated = (c: PostCounts): PostCounts => ({ posts: -c.posts, removed: -c.removed });

/**
 * The home list's total from the site totals: visitors leave the NSFW communities out; the admin
 * sees removed posts everywhere, a moderator those of their communities (`moderatedRemoved`, the
 * sum of those communities' removed counters), everyone else none.
 */
export function homeTotal(
  site: SitePostCounts,
  reader: { visitor: boolean; seesAllRemoved: boolean; moderatedRemoved: number },
): number {
  const counts = reader.visitor
    ? { posts: site.posts - site.nsfw_posts, removed: site.removed - site.nsfw_removed }
    : site;
  return reader.seesAllRemoved ? counts.posts : shownOf(counts, false) + reader.moderatedRemoved;
}
