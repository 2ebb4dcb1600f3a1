import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { POST_SORTS as SORT_NAMES } from '@forum/contracts';
import { createForumModels } from './index.js';
import { postListQuery, type PostListScope } from '../domain/post-list-query.js';

/** Does this index serve an equality filter + sort: its prefix is exactly the equality fields
 * (in any order), followed by the sort keys in order and direction? ($in counts as equality:
 * MongoDB merges the per-value runs of the index in sort order.) */
function serves(
  index: Record<string, unknown>,
  equality: string[],
  sort: Record<string, number>,
): boolean {
  const keys = Object.entries(index);
  const prefix = keys.slice(0, equality.length).map(([k]) => k);
  if ([...prefix].sort().join() !== [...equality].sort().join()) return false;
  const rest = keys.slice(equality.length);
  const sortKeys = Object.entries(sort);
  if (rest.length < sortKeys.length) return false;
  return sortKeys.every(([k, dir], i) => rest[i]?.[0] === k && rest[i]?.[1] === dir);
}

const conn = mongoose.createConnection();
const models = createForumModels(conn);
const indexesOf = (model: { schema: mongoose.Schema }) =>
  model.schema.indexes().map(([fields]) => fields as Record<string, unknown>);

const id = new Types.ObjectId();
/** Every list scope the post use cases build (list-posts, list-user-posts, feed). */
const scopes: [string, PostListScope][] = [];
for (const visitor of [false, true]) {
  const who = visitor ? 'visitor' : 'signed in';
  scopes.push([`all posts, ${who}`, { visitor }]);
  scopes.push([`community page, ${who}`, { communityId: id, visitor }]);
  scopes.push([`author/profile, ${who}`, { authorId: id, visitor }]);
}
scopes.push(['joined feed', { communityIds: [id, new Types.ObjectId()], visitor: false }]);

describe('every post list query has an index (filter fields, then sort keys)', () => {
  const indexes = indexesOf(models.Post);
  for (const [label, scope] of scopes) {
    for (const sortName of SORT_NAMES) {
      it(`${label}, sort ${sortName}`, () => {
        const { filter, sort } = postListQuery(scope, sortName);
        const equality = Object.keys(filter);
        expect(indexes.some((ix) => serves(ix, equality, sort))).toBe(true);
      });
    }
  }
});

/** The other lists and lookups the service issues: [model, equality fields, sort]. */
const otherShapes: [string, keyof typeof models, string[], Record<string, number>][] = [
  ['communities list and admin list', 'Community', [], { member_count: -1, _id: -1 }],
  ['community by name', 'Community', ['name_lower'], {}],
  ['my communities / feed membership', 'Membership', ['user_id'], { joined_at: -1, _id: -1 }],
  ['members list', 'Membership', ['community_id'], { joined_at: 1, _id: 1 }],
  ['membership check', 'Membership', ['community_id', 'user_id'], {}],
  ['memberships of a deleted community', 'Membership', ['community_id'], {}],
  ['caller votes on a page', 'PostVote', ['user_id', 'post_id'], {}],
  ['votes of a deleted post', 'PostVote', ['post_id'], {}],
  ['caller reactions on a page', 'PostReaction', ['user_id', 'post_id'], {}],
  ['reactions of a deleted post', 'PostReaction', ['post_id'], {}],
  ['caller saves on a page', 'PostSave', ['user_id', 'post_id'], {}],
  ['saved posts list', 'PostSave', ['user_id'], { created_at: -1, _id: -1 }],
  ['saves of a deleted post', 'PostSave', ['post_id'], {}],
  ['subscription status', 'PostSubscription', ['post_id', 'user_id'], {}],
  ['subscribers of a post', 'PostSubscription', ['post_id'], {}],
  // Comment fan-out: post_id, then created_at <= the comment's time, in that order.
  ['subscribers as of a comment', 'PostSubscription', ['post_id'], { created_at: 1, _id: 1 }],
  ['stalled deletes (sweep)', 'Deletion', [], { heartbeat_at: 1 }],
  ['subscriptions of a deleted post', 'PostSubscription', ['post_id'], {}],
  ['comments of a deleted post', 'Comment', ['post_id'], {}],
  ['posts of a deleted community', 'Post', ['community_id'], {}],
  ['user by username', 'DirectoryUser', ['username_lower'], {}],
];

describe('every other query shape has an index', () => {
  for (const [label, model, equality, sort] of otherShapes) {
    it(label, () => {
      const indexes = indexesOf(models[model] as unknown as { schema: mongoose.Schema });
      // Equality fields first (in any order); an index may go on past them.
      const ok = indexes.some((ix) => serves(ix, equality, sort));
      expect(ok).toBe(true);
    });
  }
});
