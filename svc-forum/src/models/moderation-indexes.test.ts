import { describe, expect, it } from 'vitest';
import mongoose, { Types } from 'mongoose';
import { MODLOG_ACTIONS } from '@forum/contracts';
import { createForumModels } from './index.js';
import { MODLOG_SORT, modlogFilter } from '../domain/modlog-query.js';
import { indexesOf, someIndexServes } from '../test-support/index-coverage.js';

const models = createForumModels(mongoose.createConnection());
const id = new Types.ObjectId();

describe('every moderation log query has an index (filter fields, then newest first)', () => {
  const indexes = indexesOf(models.ModlogEntry);
  for (const communityId of [id, undefined]) {
    for (const visitor of [false, true]) {
      for (const action of [undefined, MODLOG_ACTIONS[0]]) {
        const label = `${communityId ? 'community' : 'site-wide'}, ${visitor ? 'visitor' : 'signed in'}, ${action ? 'one action' : 'every action'}`;
        it(label, () => {
          const filter = modlogFilter({ ...(communityId ? { communityId } : {}), visitor, action });
          expect(someIndexServes(indexes, filter, MODLOG_SORT)).toBe(true);
        });
      }
    }
  }
});

/** The team and ban lookups: [model, equality fields, sort]. */
const shapes: [string, keyof typeof models, Record<string, unknown>, Record<string, number>][] = [
  ['caller standing / a seat', 'Moderator', { community_id: id, user_id: id }, {}],
  ['the team, owner first', 'Moderator', { community_id: id }, { role: -1, since: 1, _id: 1 }],
  ['the communities a user moderates', 'Moderator', { user_id: id }, {}],
  ['the owner of a community', 'Moderator', { community_id: id, role: 'owner' }, {}],
  ['ban check on a write', 'Ban', { community_id: id, user_id: id }, {}],
  ['active bans, newest first', 'Ban', { community_id: id }, { created_at: -1, _id: -1 }],
  ['bans of a deleted community', 'Ban', { community_id: id }, {}],
  ['seats of a deleted community', 'Moderator', { community_id: id }, {}],
];

describe('every team and ban query has an index', () => {
  for (const [label, model, filter, sort] of shapes) {
    it(label, () => {
      const indexes = indexesOf(models[model] as unknown as { schema: mongoose.Schema });
      expect(someIndexServes(indexes, filter, sort)).toBe(true);
    });
  }

  it('bans expire by a TTL index on expires_at', () => {
    const ttl = models.Ban.schema
      .indexes()
      .find(([fields]) => Object.keys(fields).join() === 'expires_at');
    expect(ttl?.[1]).toMatchObject({ expireAfterSeconds: 0 });
  });
});
