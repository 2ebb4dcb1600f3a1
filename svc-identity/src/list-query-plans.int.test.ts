import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USER_SORTS } from '@forum/contracts';
import {
  executionStats,
  explainCount,
  planProblems,
  planStages,
  startDevDb,
  type TestDevDb,
} from '@forum/service-kit/testing';
import { createIdentityModels, type IdentityModels } from './models/index.js';
import { adminUsersQuery } from './use-cases/list-admin-users.js';
import { backfillSearchTerms } from './use-cases/backfill-search-terms.js';
import { WORD_ORDER, userSearchQueries } from './use-cases/search-users.js';
import { dropRetiredIdentityIndexes } from './models/migrate-indexes.js';
import { blocksQuery } from './use-cases/list-blocks.js';
import { hashToken } from './domain/secure-random.js';
import { referralsQuery } from './use-cases/export-identity-data.js';
import { USERNAME_CLAIMS } from './models/migrate-indexes.js';

/**
 * Issue 17: the identity service's lists (the admin's users list in every sort and order, a
 * user's badges) and its counts run on declared indexes, proven by explain on the embedded dev
 * DB (and on MongoDB through MONGO_URL). The admin's substring search (an unanchored regex over
 * two fields) cannot narrow an index range on any database; it is left out here. So do the user
 * search's orders (name length, textScore), which no index gives: its reads are bounded instead.
 */
let devdb: TestDevDb;
let conn: Connection;
let models: IdentityModels;

const USERS = 500;
const BASE = Date.UTC(2026, 0, 1);
const ids = Array.from({ length: USERS }, () => new Types.ObjectId());

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('plans') }).asPromise();
  models = createIdentityModels(conn);
  await Promise.all(Object.values(models).map((m: mongoose.Model<never>) => m.createIndexes()));
  await models.User.collection.insertMany(
    ids.map((_id, i) => ({
      _id,
      username: `User${(i * 7919) % USERS}`,
      username_lower: `user${(i * 7919) % USERS}`,
      email: `u${(i * 104729) % USERS}@example.com`,
      email_lower: `u${(i * 104729) % USERS}@example.com`,
      password_hash: 'x',
      referral_code: `r${i}`,
      referred_by: i % 5 === 0 ? null : ids[i % 5],
      total_score: (i * 31) % 97,
      created_at: new Date(BASE + i * 1000),
      last_active: new Date(BASE + ((i * 13) % USERS) * 1000),
    })) as never[],
  );
  await models.Badge.collection.insertMany(
    Array.from({ length: 300 }, (_, i) => ({
      user_id: ids[i % 3],
      badge_type: `b${i}`,
      name: 'n',
      description: 'd',
      icon: 'i',
      earned_at: new Date(BASE + i * 1000),
    })) as never[],
  );
  await models.Referral.collection.insertMany(
    ids.slice(10).map((referred_id, i) => ({ referrer_id: ids[i % 5], referred_id })) as never[],
  );
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

describe('identity lists walk an index', () => {
  for (const sortBy of ADMIN_USER_SORTS) {
    for (const sortOrder of ['asc', 'desc'] as const) {
      it(`admin users list, ${sortBy} ${sortOrder}`, async () => {
        for (const page of [1, 3]) {
          const q = adminUsersQuery({ page, limit: 20, sortBy, sortOrder });
          const explain = await models.User.find(q.filter)
            .sort(q.sort)
            .skip(q.skip)
            .limit(q.limit)
            .explain('executionStats');
          // +1: a walk may read one document past the page before it stops.
          const maxDocsExamined = q.skip + q.limit + 1;
          expect(planProblems(explain, { sorted: true, maxDocsExamined })).toEqual([]);
        }
      });
    }
  }

  it("a user's badges, newest first", async () => {
    const explain = await models.Badge.find({ user_id: ids[1] })
      .sort({ earned_at: -1, _id: -1 })
      .explain('executionStats');
    expect(planProblems(explain, { sorted: true, maxDocsExamined: 100 })).toEqual([]);
  });

  it('referral counts touch no document', async () => {
    const explain = await explainCount(conn.db!, 'referrals', { referrer_id: ids[1] });
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 0 })).toEqual([]);
  });
});

describe('user search', () => {
  const WORDS = ['Running', 'Runs', 'Runned'];
  beforeAll(async () => {
    await models.User.collection.insertMany(
      WORDS.map((username, i) => ({
        username,
        username_lower: username.toLowerCase(),
        email: `${username}@example.com`,
        email_lower: `${username.toLowerCase()}@example.com`,
        password_hash: 'x',
        referral_code: `w${i}`,
        created_at: new Date(BASE),
      })) as never[],
    );
    // The users above have no search terms yet, as after an upgrade.
    expect(await backfillSearchTerms({ models })).toBe(USERS + WORDS.length);
  });

  it('the backfill, once done, is one indexed read that finds nothing', async () => {
    const explain = await models.User.find({ search_terms: null })
      .sort({ _id: 1 })
      .limit(500)
      .explain('executionStats');
    expect(planProblems(explain, { sorted: true, maxDocsExamined: 0 })).toEqual([]);
  });

  it('name prefix: the range of the names, nothing else', async () => {
    // user4, user40-49, user400-499.
    const explain = await models.User.find(userSearchQueries('user4').byName!, {
      username_lower: 1,
    }).explain('executionStats');
    expect(executionStats(explain).nReturned).toBe(111);
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 111 })).toEqual([]);
  });

  it('a page of name matches, by _id', async () => {
    const page = ids.slice(0, 20);
    const explain = await models.User.find({
      _id: { $in: page },
      is_active: { $ne: false },
    }).explain('executionStats');
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 20 })).toEqual([]);
  });

  it('word match: the text index, and only the documents with a term of q', async () => {
    const explain = await models.User.find(userSearchQueries('runs').byWord!)
      .sort(WORD_ORDER)
      .limit(20)
      .explain('executionStats');
    const stages = planStages(explain);
    expect(stages.some((s) => s.indexName === 'search_text')).toBe(true);
    expect(executionStats(explain).nReturned).toBe(2);
    // Running, Runs and Runned have the term "run"; the order by score is made in memory.
    expect(planProblems(explain, { sorted: false, maxDocsExamined: WORDS.length })).toEqual([]);
  });
});

describe('blocks and verification links (issue 20)', () => {
  beforeAll(async () => {
    // 3 blockers with 100 blocks each, every third lifted (blocked: false stays as a document).
    await models.Block.collection.insertMany(
      Array.from({ length: 300 }, (_, i) => ({
        blocker_id: ids[i % 3],
        blocked_id: ids[10 + i],
        blocked: i % 9 >= 3,
        version: i % 9 >= 3 ? 1 : 2,
        created_at: new Date(BASE + i * 1000),
        changed_at: new Date(BASE + i * 1000),
      })) as never[],
    );
    await models.EmailVerification.collection.insertMany(
      ids.slice(0, 200).map((user_id, i) => ({
        user_id,
        email_lower: `u${i}@example.com`,
        token_hash: hashToken(`t${i}`),
        expires_at: new Date(Date.now() + 86_400_000),
        used_at: null,
        created_at: new Date(BASE),
      })) as never[],
    );
  });

  it("a blocker's list, newest first: only the current blocks are read", async () => {
    const q = blocksQuery(ids[1]!);
    const explain = await models.Block.find(q.filter)
      .sort(q.sort)
      .limit(q.limit)
      .explain('executionStats');
    expect(executionStats(explain).nReturned).toBe(66);
    expect(planProblems(explain, { sorted: true, maxDocsExamined: 66 })).toEqual([]);
  });

  it('a pair, as PUT and DELETE read it', async () => {
    const explain = await models.Block.findOne({ blocker_id: ids[1], blocked_id: ids[11] }).explain(
      'executionStats',
    );
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
  });

  it('a verification link by its hash, and a user’s links (replaced by a new one)', async () => {
    const byToken = await models.EmailVerification.find({
      token_hash: hashToken('t7'),
      used_at: null,
    }).explain('executionStats');
    expect(planProblems(byToken, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
    const byUser = await models.EmailVerification.find({ user_id: ids[7] }).explain(
      'executionStats',
    );
    expect(planProblems(byUser, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
  });
});

describe('account deletion and the data export (issue 20)', () => {
  it("the referrer's list, oldest first", async () => {
    const q = referralsQuery(ids[1]!);
    const explain = await models.Referral.find(q.filter).sort(q.sort).explain('executionStats');
    expect(executionStats(explain).nReturned).toBe(98);
    expect(planProblems(explain, { sorted: true, maxDocsExamined: 98 })).toEqual([]);
  });

  it('the blocks made on a user, and those it made (both deleted with the account)', async () => {
    const on = await models.Block.find({ blocked_id: ids[11] }).explain('executionStats');
    expect(executionStats(on).nReturned).toBe(1);
    expect(planProblems(on, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
    const by = await models.Block.find({ blocker_id: ids[1] }).explain('executionStats');
    expect(planProblems(by, { sorted: false, maxDocsExamined: 100 })).toEqual([]);
  });

  it('whether another account still shows an avatar file', async () => {
    await models.User.collection.updateOne(
      { _id: ids[3] },
      { $set: { avatar_url: '/media/avatars/a.webp' } },
    );
    const explain = await models.User.find({ avatar_url: '/media/avatars/a.webp' })
      .limit(1)
      .explain('executionStats');
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
  });

  it('a profile and a referral code skip deleted accounts on the same index', async () => {
    await models.User.collection.updateOne(
      { _id: ids[4] },
      { $set: { deleted_at: new Date(BASE) } },
    );
    const profile = await models.User.find({
      username_lower: 'user7',
      deleted_at: null,
    }).explain('executionStats');
    expect(planProblems(profile, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
    const referrer = await models.User.find({ referral_code: 'r4', deleted_at: null }).explain(
      'executionStats',
    );
    expect(executionStats(referrer).nReturned).toBe(0);
    expect(planProblems(referrer, { sorted: false, maxDocsExamined: 1 })).toEqual([]);
  });

  it("the start-up claim check's count of username claims touches no document", async () => {
    await models.UserKey.collection.insertMany(
      ids.map((user_id, i) => ({ _id: `username:user${i}`, user_id })) as never[],
    );
    await models.UserKey.collection.insertMany(
      ids.map((user_id, i) => ({ _id: `email:u${i}@example.com`, user_id })) as never[],
    );
    expect(await models.UserKey.countDocuments(USERNAME_CLAIMS)).toBe(USERS);
    const explain = await explainCount(conn.db!, 'user_keys', USERNAME_CLAIMS);
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 0 })).toEqual([]);
  });
});

describe('an existing database', () => {
  it('loses the plain name lookups the (name, _id) indexes replaced', async () => {
    const users = conn.collection('users');
    await users.createIndex({ username_lower: 1 });
    await users.createIndex({ email_lower: 1 });
    const referrals = conn.collection('referrals');
    await referrals.createIndex({ referrer_id: 1 });
    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o) } as never;
    await dropRetiredIdentityIndexes(conn, log);
    const names = (await users.indexes()).map((ix) => ix.name);
    expect(names).not.toContain('username_lower_1');
    expect(names).not.toContain('email_lower_1');
    expect(names).toEqual(
      expect.arrayContaining(['username_lower_1__id_1', 'email_lower_1__id_1']),
    );
    const referralIndexes = (await referrals.indexes()).map((ix) => ix.name);
    expect(referralIndexes).not.toContain('referrer_id_1');
    expect(referralIndexes).toContain('referrer_id_1_created_at_1__id_1');
    expect(logged).toHaveLength(1);
    // Idempotent: a second start has nothing to drop.
    await dropRetiredIdentityIndexes(conn, log);
    expect(logged).toHaveLength(1);
  });
});
