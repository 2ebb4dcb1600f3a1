import { dropRetiredIndexes } from '@forum/service-kit';
import type { ForumModels } from './index.js';

/** MongoDB's default name of an index: `field_direction` pairs joined by `_`. */
const nameOf = (fields: Record<string, 1 | -1>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k}_${v}`)
    .join('_');

/** The post list indexes before moderation put `removed` into each (EXTENSIONS §M4). */
const postListsBeforeModeration = [{}, { community_id: 1 }, { author_id: 1 }].flatMap((filter) =>
  [false, true].flatMap((visitor) =>
    ['created_at', 'score', 'hot'].map((key) =>
      nameOf({
        ...(filter as Record<string, 1>),
        ...(visitor ? { community_nsfw: 1 } : {}),
        [key]: -1,
        _id: -1,
      }),
    ),
  ),
);

/** Indexes that earlier versions built and the schemas no longer declare. */
export const RETIRED_INDEXES: Record<string, string[]> = {
  // Unique (community_id, user_id) became (user_id, community_id): a sharded collection's unique
  // indexes must start with its shard key, user_id (shard-keys.ts).
  memberships: ['community_id_1_user_id_1'],
  // Every list index now has `removed` among its equality fields (EXTENSIONS §M4).
  // The pinned posts' index gained _id, the tie-breaker of their sort (pinned_at, _id).
  posts: [...postListsBeforeModeration, nameOf({ community_id: 1, pinned: 1, pinned_at: -1 })],
  comments: [
    // A page's threads were read whole by root_id; they nest by container_id now (issue 17),
    // and only small threads are read whole, by (root_id, depth), without their first comment.
    nameOf({ root_id: 1 }),
    nameOf({ author_id: 1, created_at: -1, _id: -1 }),
    nameOf({ author_id: 1, community_nsfw: 1, created_at: -1, _id: -1 }),
  ],
};

/**
 * Drops the retired indexes an existing database still has, once the indexes replacing them are
 * built (Model.init), so no uniqueness rule lapses and no list loses its index; returns
 * `collection.index` names.
 */
export async function dropForumRetiredIndexes(models: ForumModels): Promise<string[]> {
  await Promise.all([models.Membership.init(), models.Post.init(), models.Comment.init()]);
  return dropRetiredIndexes(models.Membership.db, RETIRED_INDEXES);
}
