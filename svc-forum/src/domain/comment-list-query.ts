import type { Types } from 'mongoose';
import type { CommentSort } from '@forum/contracts';
import { withRemovalRule, type RemovedSeen } from './removed-filter.js';

type Direction = 1 | -1;

/** Each sort matches an index on Comment (old walks the created_at index backwards). */
export const COMMENT_SORTS: Record<CommentSort, Record<string, Direction>> = {
  best: { best: -1, _id: -1 },
  top: { score: -1, _id: -1 },
  new: { created_at: -1, _id: -1 },
  old: { created_at: 1, _id: 1 },
};

/**
 * Top-level comments of a post (container: the post) or the direct replies of a comment
 * (container: the comment): the same filter shape and indexes for both lists.
 */
export const commentListFilter = (containerId: Types.ObjectId) => ({ container_id: containerId });

/** The replies of several comments at once (a level of a page's nested replies), unsorted. */
export const repliesOfFilter = (parentIds: Types.ObjectId[]) => ({
  container_id: { $in: parentIds },
});

/**
 * Every reply in the threads of some top-level comments (root_id: the top-level comment a reply
 * sits under), unsorted: a page's small threads read in one query (load-nested-replies.ts).
 */
export const threadRepliesFilter = (rootIds: Types.ObjectId[]) => ({
  root_id: { $in: rootIds },
  depth: { $gt: 0 },
});

/**
 * Profile lists: newest first; visitors never see NSFW comments, and removed comments only
 * their communities' moderators and the admin (EXTENSIONS §M4).
 */
export function authorCommentsFilter(
  authorId: Types.ObjectId,
  visitor: boolean,
  removedSeen: RemovedSeen = [],
) {
  const filter = visitor ? { author_id: authorId, community_nsfw: false } : { author_id: authorId };
  return withRemovalRule(filter, removedSeen);
}
export const AUTHOR_COMMENTS_SORT = { created_at: -1, _id: -1 } as const;

/** The same order in memory, for replies loaded in one query and nested afterwards. */
export function compareComments(
  sort: CommentSort,
): (
  a: { _id: Types.ObjectId; best: number; score: number; created_at: Date },
  b: { _id: Types.ObjectId; best: number; score: number; created_at: Date },
) => number {
  const key = (c: { best: number; score: number; created_at: Date }) =>
    sort === 'best' ? c.best : sort === 'top' ? c.score : c.created_at.getTime();
  const direction = sort === 'old' ? 1 : -1;
  return (a, b) => {
    const primary = key(a) - key(b);
    if (primary !== 0) return primary * direction;
    // Ties are common (every comment without votes has best 0): the ids' bytes, in the order of
    // their hex strings, without making two strings per comparison.
    return Buffer.compare(a._id.id, b._id.id) * direction;
  };
}
