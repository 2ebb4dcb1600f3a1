import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { REPORT_STATUSES } from '@forum/contracts';
import { createForumModels } from './index.js';
import { appealQueue, reportQueue } from '../domain/queue-query.js';
import { indexesOf, someIndexServes } from '../test-support/index-coverage.js';

const models = createForumModels(mongoose.createConnection());
const id = new Types.ObjectId();

describe('every report and appeal queue has an index (filter fields, then its order)', () => {
  const reports = indexesOf(models.Report);
  const appeals = indexesOf(models.Appeal);
  for (const status of REPORT_STATUSES) {
    it(`a community's ${status} reports`, () => {
      const { filter, sort } = reportQueue({ communityId: id, status });
      expect(someIndexServes(reports, filter, sort)).toBe(true);
    });
    it(`the site's ${status} reports (the admin)`, () => {
      const { filter, sort } = reportQueue({ status });
      expect(someIndexServes(reports, filter, sort)).toBe(true);
    });
    it(`a community's ${status} appeals`, () => {
      const { filter, sort } = appealQueue({ communityId: id, status });
      expect(someIndexServes(appeals, filter, sort)).toBe(true);
    });
  }
});

/** The lookups besides the queues: [model, equality fields, residual fields]. */
const shapes: [
  string,
  'Report' | 'Appeal' | 'ModlogEntry' | 'Moderator',
  Record<string, unknown>,
  string[],
][] = [
  // The partial index holds open documents only: `status` is its filter, not a key.
  [
    "an item's open reports (report, close)",
    'Report',
    { target_type: 'post', target_id: id, status: 'open' },
    ['status'],
  ],
  ["a community delete's reports", 'Report', { community_id: id }, []],
  ["a community delete's appeals", 'Appeal', { community_id: id }, []],
  ["an entry's appeal (once per decision)", 'Appeal', { modlog_id: id }, []],
  ["a site-wide entry's source event", 'ModlogEntry', { source_event_id: 'uuid' }, []],
  // A decision's "another moderator": the team's other seats, the caller and appellant left out.
  [
    'another member of the team (appeal review)',
    'Moderator',
    { community_id: id, user_id: { $nin: [id] } },
    ['user_id'],
  ],
];

describe('every other report, appeal and site-entry lookup has an index', () => {
  for (const [label, model, filter, residual] of shapes) {
    it(label, () => {
      const indexes = indexesOf(models[model] as unknown as { schema: mongoose.Schema });
      expect(someIndexServes(indexes, filter, {}, { residual: () => residual })).toBe(true);
    });
  }

  it('one open report document per item, and one appeal per log entry, by unique indexes', () => {
    const unique = (model: { schema: mongoose.Schema }) =>
      model.schema
        .indexes()
        .filter(([, options]) => options?.unique)
        .map(([keys, options]) => [Object.keys(keys).join(), options.partialFilterExpression]);
    expect(unique(models.Report)).toEqual([['target_type,target_id', { status: 'open' }]]);
    expect(unique(models.Appeal)).toEqual([['modlog_id', undefined]]);
  });
});
