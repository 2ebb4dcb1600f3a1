import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DELETED_AUTHOR } from '@forum/contracts';
import { explainCount, planProblems, startDevDb, type TestDevDb } from '@forum/service-kit/testing';
import { createMessagingModels, type MessagingModels } from './models/index.js';

/**
 * Issue 17: the inbox, a conversation's messages, the notifications dropdown and the two unread
 * badges run on declared indexes, proven by explain on the embedded dev DB (and on MongoDB
 * through MONGO_URL): no collection scan, no in-memory sort, no more documents fetched than the
 * page needs, and counts that touch no document. The filters are those the use cases build.
 */
let devdb: TestDevDb;
let conn: Connection;
let models: MessagingModels;

const BASE = Date.UTC(2026, 0, 1);
const users = Array.from({ length: 6 }, () => new Types.ObjectId());
const me = users[0]!;
const crowd = Array.from({ length: 400 }, () => new Types.ObjectId());
const conversations: { _id: Types.ObjectId; participant_ids: Types.ObjectId[] }[] = [];
const reporters = Array.from({ length: 20 }, () => new Types.ObjectId());
const REPORTS_EACH = 15;
const PAGE = { skip: 0, limit: 21 }; // the use cases read limit + 1 to tell hasMore
const DEEP = { skip: 40, limit: 21 };

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('plans') }).asPromise();
  models = createMessagingModels(conn);
  await Promise.all(Object.values(models).map((m: mongoose.Model<never>) => m.createIndexes()));

  // 300 conversations: every pair of the six users, 20 subjects each.
  let n = 0;
  for (let a = 0; a < users.length; a++) {
    for (let b = a + 1; b < users.length; b++) {
      for (let s = 0; s < 20; s++) {
        const participant_ids = [users[a]!, users[b]!];
        conversations.push({ _id: new Types.ObjectId(), participant_ids });
        n++;
      }
    }
  }
  await models.Conversation.collection.insertMany(
    conversations.map((c, i) => ({
      ...c,
      pair_key: c.participant_ids.map(String).sort().join(':'),
      subject: `s${i}`,
      subject_key: `s${i}`,
      usernames: {},
      unread: {},
      last_message: '',
      last_message_at: new Date(BASE + ((i * 7919) % n) * 1000),
      created_at: new Date(BASE),
    })) as never[],
  );
  // 600 messages: 300 in the first conversation, the rest spread.
  await models.Message.collection.insertMany(
    Array.from({ length: 600 }, (_, i) => {
      const c = i < 300 ? conversations[0]! : conversations[i % conversations.length]!;
      return {
        conversation_id: c._id,
        sender_id: c.participant_ids[i % 2],
        recipient_id: c.participant_ids[(i + 1) % 2],
        content: `m${i}`,
        is_read: i % 3 === 0,
        created_at: new Date(BASE + i * 1000),
      };
    }) as never[],
  );
  await models.Notification.collection.insertMany(
    Array.from({ length: 600 }, (_, i) => ({
      user_id: users[i % 3],
      type: 'comment_reply',
      title: `n${i}`,
      is_read: i % 4 === 0,
      source_event_id: `e${i}`,
      created_at: new Date(BASE + i * 1000),
    })) as never[],
  );
  // Issue 20: 400 users' preferences (a quarter turned post_vote off) and blocks among them:
  // each user blocked 5 others, so a popular actor is blocked by many.
  await models.NotificationPreference.collection.insertMany(
    crowd.map((user_id, i) => ({
      user_id,
      disabled: i % 4 === 0 ? { post_vote: true } : { election: true },
      updated_at: new Date(BASE),
    })) as never[],
  );
  await models.Block.collection.insertMany(
    crowd.flatMap((blocker_id, i) =>
      Array.from({ length: 5 }, (_, k) => ({
        blocker_id,
        blocked_id: crowd[(i + k + 1) % crowd.length],
        blocked: k !== 4,
        version: 1,
        changed_at: new Date(BASE),
      })),
    ) as never[],
  );
  // Issue 20: 300 message reports by 20 reporters (the export reads one reporter's).
  await models.MessageReport.collection.insertMany(
    Array.from({ length: reporters.length * REPORTS_EACH }, (_, i) => ({
      message_id: new Types.ObjectId(),
      conversation_id: conversations[i % conversations.length]!._id,
      reporter_id: reporters[i % reporters.length],
      author_id: users[1],
      reason: `r${i}`,
      status: i % 3 === 0 ? 'closed' : 'open',
      resolution: null,
      created_at: new Date(BASE + i * 1000),
      closed_at: null,
    })) as never[],
  );
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

async function expectPageIndexed(
  model: mongoose.Model<never>,
  filter: Record<string, unknown>,
  sort: Record<string, -1>,
  page: { skip: number; limit: number },
): Promise<void> {
  const explain = await model
    .find(filter as never)
    .sort(sort)
    .skip(page.skip)
    .limit(page.limit)
    .explain('executionStats');
  // +1: a walk may read one document past the page before it stops.
  const maxDocsExamined = page.skip + page.limit + 1;
  expect(planProblems(explain, { sorted: true, maxDocsExamined })).toEqual([]);
}

async function expectCountIndexed(collection: string, query: Record<string, unknown>) {
  const explain = await explainCount(conn.db!, collection, query);
  expect(planProblems(explain, { sorted: false, maxDocsExamined: 0 })).toEqual([]);
}

describe('messaging lists walk an index', () => {
  it('the inbox: my conversations, latest activity first', async () => {
    // Only participant_ids is multikey and it is pinned by the equality, so the index walk
    // is in (last_message_at, _id) order: no SORT, no more documents than the page.
    for (const page of [PAGE, DEEP]) {
      await expectPageIndexed(
        models.Conversation as never,
        { participant_ids: me },
        { last_message_at: -1, _id: -1 },
        page,
      );
    }
  });

  it("a conversation's messages, newest page first", async () => {
    const c = conversations[0]!;
    for (const page of [PAGE, DEEP]) {
      await expectPageIndexed(
        models.Message as never,
        { conversation_id: c._id, recipient_id: { $in: c.participant_ids } },
        { created_at: -1, _id: -1 },
        page,
      );
    }
  });

  it('the notifications dropdown and its total', async () => {
    for (const page of [PAGE, DEEP]) {
      await expectPageIndexed(
        models.Notification as never,
        { user_id: me },
        { created_at: -1, _id: -1 },
        page,
      );
    }
    await expectCountIndexed('notifications', { user_id: me });
  });

  it('the unread badges count index ranges', async () => {
    await expectCountIndexed('messages', { recipient_id: me, is_read: false });
    await expectCountIndexed('notifications', { user_id: me, is_read: false });
  });
});

async function expectFindIndexed(
  model: mongoose.Model<never>,
  filter: Record<string, unknown>,
  maxDocsExamined: number,
): Promise<void> {
  const explain = await model.find(filter as never).explain('executionStats');
  expect(planProblems(explain, { sorted: false, maxDocsExamined })).toEqual([]);
}

describe('notification preferences and blocks (issue 20) read by index', () => {
  // An event's recipients: 50 of the crowd (a subscriber slice is at most 1,000).
  const recipients = crowd.slice(100, 150);

  it("a user's preferences, and which of an event's recipients turned its types off", async () => {
    await expectFindIndexed(models.NotificationPreference as never, { user_id: crowd[7] }, 1);
    // The filter the notification paths build: at most one document per recipient is read.
    await expectFindIndexed(
      models.NotificationPreference as never,
      { user_id: { $in: recipients } },
      recipients.length,
    );
  });

  it("is the sender blocked by the recipient; which recipients blocked the event's actor", async () => {
    await expectFindIndexed(
      models.Block as never,
      { blocker_id: crowd[3], blocked_id: crowd[4], blocked: true },
      1,
    );
    // Only the pairs (recipient, actor) are read: at most one per recipient.
    await expectFindIndexed(
      models.Block as never,
      { blocker_id: { $in: recipients }, blocked_id: crowd[150] },
      recipients.length,
    );
  });

  it('applying identity.block.changed reads the pair only', async () => {
    await expectFindIndexed(
      models.Block as never,
      {
        blocker_id: crowd[3],
        blocked_id: crowd[4],
        version: { $lt: 2 },
      },
      1,
    );
  });
});

describe('mentions (issue 21, EXTENSIONS §F3) read by index', () => {
  it("an item's mentioned usernames, on the directory's username_lower", async () => {
    await models.DirectoryUser.collection.insertMany(
      crowd.map((_id, i) => ({
        _id,
        username: `Crowd${i}`,
        username_lower: `crowd${i}`,
        avatar_url: null,
        is_active: true,
        registered_at: new Date(BASE),
        updated_at: new Date(BASE),
      })) as never[],
    );
    // The filter findActiveUserIds builds: at most one document per name (10 per item).
    const names = Array.from({ length: 10 }, (_, i) => `crowd${i * 7}`);
    await expectFindIndexed(
      models.DirectoryUser as never,
      { username_lower: { $in: [...names, 'nobody'] } },
      names.length,
    );
  });
});

describe('account export and deletion (issue 20, EXTENSIONS §B2) read by index', () => {
  it("the export: the caller's conversations, their messages, notifications and reports", async () => {
    const mine = conversations.filter((c) => c.participant_ids.some((id) => id.equals(me)));
    await expectFindSorted(
      models.Conversation as never,
      { participant_ids: me },
      { last_message_at: -1, _id: -1 },
      mine.length,
    );
    // A batch of conversations' messages in one walk of (conversation_id, created_at, _id).
    const batch = mine.slice(0, 100).map((c) => c._id);
    const inBatch = await models.Message.countDocuments({ conversation_id: { $in: batch } });
    await expectFindSorted(
      models.Message as never,
      { conversation_id: { $in: batch } },
      { conversation_id: -1, created_at: 1, _id: 1 },
      inBatch,
    );
    await expectFindSorted(
      models.Notification as never,
      { user_id: me },
      { created_at: -1, _id: -1 },
      200,
    );
    await expectFindSorted(
      models.MessageReport as never,
      { reporter_id: reporters[0] },
      { created_at: 1 },
      REPORTS_EACH,
    );
  });

  it("the deletion: a batch of the user's notifications, the conversations left to rename", async () => {
    const explain = await models.Notification.find({ user_id: me }, { _id: 1 })
      .limit(1000)
      .explain('executionStats');
    expect(planProblems(explain, { sorted: false, maxDocsExamined: 200 })).toEqual([]);
    const mine = conversations.filter((c) => c.participant_ids.some((id) => id.equals(me)));
    await expectFindIndexed(
      models.Conversation as never,
      { participant_ids: me, [`usernames.${me.toHexString()}`]: { $ne: DELETED_AUTHOR } },
      mine.length,
    );
    // The blocks rows on either side of the user (service-kit's forgetUserBlocks).
    await expectFindIndexed(models.Block as never, { blocker_id: crowd[3] }, 5);
    await expectFindIndexed(models.Block as never, { blocked_id: crowd[3] }, 5);
  });
});

async function expectFindSorted(
  model: mongoose.Model<never>,
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  maxDocsExamined: number,
): Promise<void> {
  const explain = await model
    .find(filter as never)
    .sort(sort)
    .explain('executionStats');
  expect(planProblems(explain, { sorted: true, maxDocsExamined })).toEqual([]);
}
