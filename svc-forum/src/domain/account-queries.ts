import { DELETED_AUTHOR } from '@forum/contracts';
import type { Types } from 'mongoose';

/**
 * The per-user reads of an account deletion and the account export, one place for the use cases
 * and list-query-plans.int.test.ts (each runs on a declared index).
 */

/** A user's posts: (author_id, community_id, removed). */
export const authoredPosts = (userId: Types.ObjectId) => ({ author_id: userId });

/** A user's comments, both `removed` values: (removed, author_id, created_at, _id). */
export const authoredComments = (userId: Types.ObjectId) => ({
  removed: { $in: [false, true] },
  author_id: userId,
});
export const AUTHORED_COMMENTS_SORT = { created_at: -1, _id: -1 } as const;

/** The user's posts and comments still showing their name (a residual test on the author's rows). */
export const notYetAnonymous = { author_username: { $ne: DELETED_AUTHOR } };

/** Rows keyed by a user first: saves, votes, reactions, memberships, seats, subscriptions, bans. */
export const byUser = (userId: Types.ObjectId) => ({ user_id: userId });

/** Newest first where the collection has (user_id, created_at, _id): saves, subscriptions. */
export const BY_USER_NEWEST = { created_at: -1, _id: -1 } as const;

/** The reports the user made (multikey `reports.reporter_id`), on posts and comments only. */
export const reportsMadeBy = (userId: Types.ObjectId) => ({
  'reports.reporter_id': userId,
  target_type: { $in: ['post', 'comment'] as ('post' | 'comment')[] },
});
