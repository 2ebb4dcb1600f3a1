import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createForumModels } from './index.js';
import { indexesOf, serves } from '../test-support/index-coverage.js';

const models = createForumModels(mongoose.createConnection());

/** A model's text indexes: [fields, options]. */
const textIndexes = (model: { schema: mongoose.Schema }) =>
  model.schema.indexes().filter(([fields]) => Object.values(fields).includes('text'));

describe('search (EXTENSIONS §S): one text index per searchable collection', () => {
  const expected: [string, { schema: mongoose.Schema }, Record<string, number>][] = [
    ['Post', models.Post, { title: 3, content: 1 }],
    ['Comment', models.Comment, { content: 1 }],
    ['Community', models.Community, { name: 5, description: 1 }],
  ];
  for (const [name, model, weights] of expected) {
    it(`${name}: its texts, weighted, English, named search_text`, () => {
      const indexes = textIndexes(model);
      expect(indexes).toHaveLength(1);
      const [fields, options] = indexes[0]!;
      expect(Object.keys(fields).sort()).toEqual(Object.keys(weights).sort());
      expect(options).toMatchObject({ name: 'search_text', default_language: 'english' });
      // MongoDB's default weight is 1: only the heavier fields need naming.
      for (const [field, weight] of Object.entries(weights)) {
        expect((options.weights as Record<string, number> | undefined)?.[field] ?? 1).toBe(weight);
      }
    });
  }

  it('search_terms is not indexed (the residual test of a $text query)', () => {
    for (const model of [models.Post, models.Comment, models.Community]) {
      for (const fields of indexesOf(model)) expect(fields).not.toHaveProperty('search_terms');
    }
  });
});

/** The other queries of a search: [model, equality fields]. */
const shapes: [string, 'Post' | 'Comment' | 'Community', string[]][] = [
  ['community name prefix (a range of name_lower)', 'Community', ['name_lower']],
  ['a community searched by name', 'Community', ['name_lower']],
  ['start-up backfill: the removed posts', 'Post', ['removed']],
  ['start-up backfill: their comments (post_removed)', 'Comment', ['post_id']],
];

describe('every other search query has an index', () => {
  for (const [label, model, equality] of shapes) {
    it(label, () => {
      expect(indexesOf(models[model]).some((ix) => serves(ix, equality, {}))).toBe(true);
    });
  }
});
