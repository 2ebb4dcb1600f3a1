import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { createForumModels } from './index.js';
import { indexesOf, someIndexServes } from '../test-support/index-coverage.js';

const models = createForumModels(mongoose.createConnection());
const id = new Types.ObjectId();

/**
 * Every election query (EXTENSIONS §E): [label, model, equality fields, sort or range field].
 * A range (`$lte` on a join time) is served like a sort on that field; ballots by key use _id.
 */
const shapes: [string, keyof typeof models, Record<string, unknown>, Record<string, number>][] = [
  [
    'a community elections, newest first',
    'Election',
    { community_id: id },
    { started_at: -1, _id: -1 },
  ],
  ['the open election of a community', 'Election', { community_id: id }, {}],
  ['elections of a deleted community', 'Election', { community_id: id }, {}],
  ['the ballots of an election (tally, delete)', 'ElectionBallot', { election_id: id }, {}],
  ['a voter of an election', 'ElectionVoter', { election_id: id, user_id: id }, {}],
  ['the voters of an election (the result)', 'ElectionVoter', { election_id: id }, {}],
  ['the electorate at the start', 'Membership', { community_id: id }, { joined_at: 1 }],
  ['a member and their join time', 'Membership', { community_id: id, user_id: id }, {}],
];

describe('every election query has an index', () => {
  for (const [label, model, filter, sort] of shapes) {
    it(label, () => {
      expect(someIndexServes(indexesOf(models[model]), filter, sort)).toBe(true);
    });
  }

  /** The partial indexes the sweep and the one-open rule read (the filter names the part). */
  const partial = (model: 'Election' | 'Moderator', name: string) =>
    models[model].schema.indexes().find(([, options]) => options?.name === name);

  it('one open election per community: unique among open ones', () => {
    expect(partial('Election', 'one_open_per_community')).toEqual([
      { community_id: 1 },
      expect.objectContaining({ unique: true, partialFilterExpression: { status: 'open' } }),
    ]);
  });

  it('due tallies: open elections by their close', () => {
    expect(partial('Election', 'open_by_voting_close')).toEqual([
      { voting_close_at: 1 },
      expect.objectContaining({ partialFilterExpression: { status: 'open' } }),
    ]);
  });

  it('ended terms: elected seats by their end', () => {
    expect(partial('Moderator', 'elected_by_term_end')).toEqual([
      { term_ends_at: 1 },
      expect.objectContaining({ partialFilterExpression: { source: 'elected' } }),
    ]);
  });
});
