import type { Types } from 'mongoose';

type Filter = Record<string, unknown>;

/** Deletes in progress (the `deletions` tombstones): reads leave these and all under them out. */
export interface Hidden {
  communities: Types.ObjectId[];
  posts: Types.ObjectId[];
}

const isIn = (value: unknown): value is { $in: Types.ObjectId[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { $in?: unknown }).$in);

/**
 * `filter` narrowed so no document whose `field` is one of `hidden` matches: a `$nin` when the
 * filter does not name the field, the hidden ids taken out of an `$in`, and null (nothing can
 * match) when it asks for a hidden id alone. The filter's own fields stay first, so the query
 * keeps its index; the exclusion is a residual test on the few ids being deleted.
 */
export function excluding(
  filter: Filter | null,
  field: string,
  hidden: Types.ObjectId[],
): Filter | null {
  if (!filter || hidden.length === 0) return filter;
  const gone = new Set(hidden.map((id) => id.toHexString()));
  const wanted = filter[field];
  if (wanted === undefined) return { ...filter, [field]: { $nin: hidden } };
  if (isIn(wanted)) {
    const kept = wanted.$in.filter((id) => !gone.has(String(id)));
    return kept.length > 0 ? { ...filter, [field]: { $in: kept } } : null;
  }
  return gone.has(String(wanted)) ? null : filter;
}

/** Posts: neither one being deleted nor one of a community being deleted. */
export const visiblePosts = (filter: Filter, hidden: Hidden) =>
  excluding(excluding(filter, '_id', hidden.posts), 'community_id', hidden.communities);

/** Comments: none of a post or community being deleted. */
export const visibleComments = (filter: Filter, hidden: Hidden) =>
  excluding(excluding(filter, 'post_id', hidden.posts), 'community_id', hidden.communities);

/**
 * EXTENSIONS §B1: no post by an author the reader blocked (a residual `$nin` on the list's own
 * index; a profile of a blocked author matches nothing).
 */
export const withoutAuthors = (filter: Filter | null, blocked: Types.ObjectId[]) =>
  excluding(filter, 'author_id', blocked);

/** For a page already loaded by ids (saved lists): is this post or comment still visible? */
export function isVisible(
  doc: { _id: Types.ObjectId; post_id?: Types.ObjectId; community_id: Types.ObjectId },
  hidden: Hidden,
): boolean {
  const post = (doc.post_id ?? doc._id).toHexString();
  const community = doc.community_id.toHexString();
  return (
    !hidden.posts.some((id) => id.toHexString() === post) &&
    !hidden.communities.some((id) => id.toHexString() === community)
  );
}
