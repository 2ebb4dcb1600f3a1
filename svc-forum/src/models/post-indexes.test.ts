import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { POST_SORTS as SORT_NAMES } from '@forum/contracts';
import { createForumModels } from './index.js';
import { postListQuery, type PostListScope } from '../domain/post-list-query.js';
import type { RemovedSeen } from '../domain/removed-filter.js';
import { indexesOf, serves, someIndexServes } from '../test-support/index-coverage.js';

const conn = mongoose.createConnection();
const models = createForumModels(conn);

const id = new Types.ObjectId();
const other = new Types.ObjectId();
/** Whose removed posts a reader sees (EXTENSIONS §M4): most readers, the admin, a moderator. */
const readers: [string, RemovedSeen][] = [
  ['a reader', []],
  ['the admin', 'all'],
  ['a moderator', [id, other]],
];
/** Every list scope the post use cases build (list-posts, list-user-posts, feed). */
const scopes: [string, PostListScope][] = [];
for (const [reader, removedSeen] of readers) {
  for (const visitor of [false, true]) {
    if (visitor && removedSeen.length) continue; // visitors moderate nothing
    const who = visitor ? 'visitor' : reader;
    scopes.push([`all posts, ${who}`, { visitor, removedSeen }]);
    scopes.push([`community page, ${who}`, { communityId: id, visitor, removedSeen }]);
    scopes.push([`author/profile, ${who}`, { authorId: id, visitor, removedSeen }]);
  }
  scopes.push([
    `joined feed, ${reader}`,
    { communityIds: [id, new Types.ObjectId()], visitor: false, removedSeen },
  ]);
}

/**
 * A moderator's removed-posts branch on an author's list also names the moderated communities:
 * the author index serves it, community_id being a residual test on the author's few removed posts.
 */
const residual = (branch: Record<string, unknown>) =>
  branch.author_id && branch.removed === true ? ['community_id'] : [];

describe('every post list query has an index (filter fields, then sort keys)', () => {
  const indexes = indexesOf(models.Post);
  for (const [label, scope] of scopes) {
    for (const sortName of SORT_NAMES) {
      it(`${label}, sort ${sortName}`, () => {
        const { filter, sort } = postListQuery(scope, sortName);
        expect(someIndexServes(indexes, filter, sort, { residual })).toBe(true);
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
  [
    'pinned posts of a community page',
    'Post',
    ['community_id', 'pinned'],
    { pinned_at: -1, _id: -1 },
  ],
  ['start-up backfill of removed', 'Post', ['removed'], {}],
  // EXTENSIONS §B1: the blocked authors' posts a blocker's community page or feed would show.
  ['blocked authors in communities', 'Post', ['author_id', 'community_id', 'removed'], {}],
  ['active blocks of a reader', 'Block', ['blocker_id', 'blocked'], {}],
  ['a block pair', 'Block', ['blocker_id', 'blocked_id'], {}],
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
