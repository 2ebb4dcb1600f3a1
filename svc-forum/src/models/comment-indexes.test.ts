import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { COMMENT_SORTS as SORT_NAMES } from '@forum/contracts';
import { createForumModels } from './index.js';
import {
  AUTHOR_COMMENTS_SORT,
  COMMENT_SORTS,
  authorCommentsFilter,
  commentListFilter,
} from '../domain/comment-list-query.js';
import type { RemovedSeen } from '../domain/removed-filter.js';
import { indexesOf, serves, someIndexServes } from '../test-support/index-coverage.js';

const models = createForumModels(mongoose.createConnection());
const id = new Types.ObjectId();

describe('every comment list query has an index (filter fields, then sort keys)', () => {
  const indexes = indexesOf(models.Comment);
  for (const sortBy of SORT_NAMES) {
    for (const [label, filter] of [
      ['top-level comments of a post', commentListFilter(id)],
      ['direct replies of a comment', commentListFilter(id)],
    ] as const) {
      it(`${label}, sort ${sortBy}`, () => {
        const sort = COMMENT_SORTS[sortBy];
        const ok = indexes.some((ix) =>
          serves(ix, Object.keys(filter), sort, { reversible: true }),
        );
        expect(ok).toBe(true);
      });
    }
  }
  // EXTENSIONS §M4: most readers, the admin, a moderator (whose second branch also names the
  // moderated communities, a residual test on the author's few removed comments).
  const readers: [string, RemovedSeen][] = [
    ['a reader', []],
    ['the admin', 'all'],
    ['a moderator', [id]],
  ];
  const residual = (branch: Record<string, unknown>) =>
    branch.removed === true ? ['community_id'] : [];
  for (const visitor of [false, true]) {
    for (const [reader, seen] of readers) {
      if (visitor && seen.length) continue;
      it(`profile comments, ${visitor ? 'visitor' : reader}`, () => {
        const filter = authorCommentsFilter(id, visitor, seen);
        expect(someIndexServes(indexes, filter, AUTHOR_COMMENTS_SORT, { residual })).toBe(true);
      });
    }
  }
});

/** The other comment lookups: [model, equality fields, sort]. */
const shapes: [
  string,
  'Comment' | 'CommentVote' | 'CommentSave',
  string[],
  Record<string, number>,
][] = [
  ['replies of a level of a page (repliesOfFilter)', 'Comment', ['container_id'], {}],
  ["replies of a page's small threads (threadRepliesFilter)", 'Comment', ['root_id', 'depth'], {}],
  ['start-up backfill of removed', 'Comment', ['removed'], {}],
  ['comments of a deleted post', 'Comment', ['post_id'], {}],
  ['caller votes on a page', 'CommentVote', ['user_id', 'comment_id'], {}],
  ['votes of a deleted comment', 'CommentVote', ['comment_id'], {}],
  ['comment votes of a deleted post', 'CommentVote', ['post_id'], {}],
  ['caller saves on a page', 'CommentSave', ['user_id', 'comment_id'], {}],
  ['saved comments list', 'CommentSave', ['user_id'], { created_at: -1, _id: -1 }],
  ['saves of a deleted comment', 'CommentSave', ['comment_id'], {}],
  ['comment saves of a deleted post', 'CommentSave', ['post_id'], {}],
];

describe('every other comment query shape has an index', () => {
  for (const [label, model, equality, sort] of shapes) {
    it(label, () => {
      const indexes = indexesOf(models[model] as unknown as { schema: mongoose.Schema });
      expect(indexes.some((ix) => serves(ix, equality, sort, { reversible: true }))).toBe(true);
    });
  }
});
