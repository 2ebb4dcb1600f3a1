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

/** Does the index serve an equality filter + sort (its prefix is the equality fields in any
 * order, then the sort keys in order, all in the same or all in the reverse direction)? */
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
  const walk = (flip: number) =>
    sortKeys.every(([k, dir], i) => rest[i]?.[0] === k && rest[i]?.[1] === dir * flip);
  return walk(1) || walk(-1);
}

const models = createForumModels(mongoose.createConnection());
const indexesOf = (model: { schema: mongoose.Schema }) =>
  model.schema.indexes().map(([fields]) => fields as Record<string, unknown>);
const id = new Types.ObjectId();

describe('every comment list query has an index (filter fields, then sort keys)', () => {
  const indexes = indexesOf(models.Comment);
  for (const sortBy of SORT_NAMES) {
    for (const [label, filter] of [
      ['top-level comments of a post', commentListFilter(id)],
      ['direct replies of a comment', commentListFilter(id)],
    ] as const) {
      it(`${label}, sort ${sortBy}`, () => {
        expect(indexes.some((ix) => serves(ix, Object.keys(filter), COMMENT_SORTS[sortBy]))).toBe(
          true,
        );
      });
    }
  }
  for (const visitor of [false, true]) {
    it(`profile comments, ${visitor ? 'visitor' : 'signed in'}`, () => {
      const filter = authorCommentsFilter(id, visitor);
      expect(indexes.some((ix) => serves(ix, Object.keys(filter), AUTHOR_COMMENTS_SORT))).toBe(
        true,
      );
    });
  }
});

/** The other comment lookups: [model, equality fields, sort]. */
const shapes: [
  string,
  'Comment' | 'CommentVote' | 'CommentSave',
  string[],
  Record<string, number>,
][] = [
  ['descendants of a page of threads', 'Comment', ['root_id'], {}],
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
      expect(indexes.some((ix) => serves(ix, equality, sort))).toBe(true);
    });
  }
});
