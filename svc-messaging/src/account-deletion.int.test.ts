import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  BlockTexts,
  DELETED_AUTHOR,
  Subjects,
  createEvent,
  type EventData,
} from '@forum/contracts';
import { PROCESSED_EVENTS_COLLECTION } from '@forum/service-kit';
import { ACCOUNT_DELETIONS_DURABLE } from './events/streams.js';
import { applyAccountDeletion } from './use-cases/apply-account-deletion.js';
import {
  commentData,
  newId,
  startHarness,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

// EXTENSIONS §B2, issue 20: identity.user.deleted erases the account's notifications,
// preferences and blocks; the other participant keeps each conversation, which shows '[deleted]'.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const oid = (user: { id: string }) => new Types.ObjectId(user.id);
const OLD_AVATAR = 'https://cdn.example/avatars/old-face.png';

const start = (as: TestUser, to: { username: string }, subject = 'Hello') =>
  h.call<Json>('POST', '/api/messages/conversations', {
    as,
    body: { recipientUsername: to.username, subject, content: `from ${as.username}` },
  });
const reply = (as: TestUser, conversationId: string, content = 'again') =>
  h.call<Json>('POST', `/api/messages/conversations/${conversationId}/messages`, {
    as,
    body: { content },
  });
const inbox = async (as: TestUser) =>
  (await h.call<Json>('GET', '/api/messages/conversations', { as })).body;

const deletionData = (user: TestUser): EventData<typeof Subjects.UserDeleted> => ({
  user_id: user.id,
  username: user.username,
  delete_content: false,
  deleted_at: new Date().toISOString(),
});

/** What identity publishes in one transaction: the deactivating update, then the deletion. */
async function deleteAccount(user: TestUser, opts: { wait?: boolean } = {}) {
  await h.publish(Subjects.UserUpdated, {
    user_id: user.id,
    username: user.username,
    avatar_url: null,
    is_active: false,
  });
  const event = createEvent(Subjects.UserDeleted, deletionData(user));
  await h.publishRaw(Subjects.UserDeleted, event);
  if (opts.wait !== false) await h.caughtUp();
  return event;
}

const block = (blocker: TestUser, blocked: TestUser) =>
  h.publish(Subjects.BlockChanged, {
    blocker_id: blocker.id,
    blocked_id: blocked.id,
    blocked: true,
    block_version: 1,
    changed_at: new Date().toISOString(),
  });
const blockRowsOf = (user: TestUser) =>
  h.models.Block.countDocuments({ $or: [{ blocker_id: oid(user) }, { blocked_id: oid(user) }] });
const notificationsOf = (user: TestUser) =>
  h.models.Notification.countDocuments({ user_id: oid(user) });

describe('identity.user.deleted', () => {
  it('erases notifications, preferences and blocks; the other side keeps the conversations as [deleted]', async () => {
    const [alice, bob, carol] = await Promise.all([h.user(), h.user(), h.user()]);
    await h.publish(Subjects.UserUpdated, {
      user_id: alice.id,
      username: alice.username,
      avatar_url: OLD_AVATAR,
      is_active: true,
    });
    const first = await start(bob, alice, 'Lunch');
    expect(first.status).toBe(201);
    expect((await reply(alice, first.body.id, 'sure')).status).toBe(201);
    const second = await start(alice, bob, 'Books');
    expect(second.status).toBe(201);
    await h.call('PUT', '/api/notifications/preferences', {
      as: alice,
      body: { post_vote: false },
    });
    await h.publish(Subjects.CommentCreated, commentData({ post_author_id: alice.id }));
    await Promise.all([block(alice, carol), block(carol, alice), block(bob, carol)]);
    await h.caughtUp();
    expect(await notificationsOf(alice)).toBeGreaterThanOrEqual(2);
    expect(await blockRowsOf(alice)).toBe(2);
    const bobsNotifications = await notificationsOf(bob);
    const messages = await h.models.Message.countDocuments({
      conversation_id: { $in: [first.body.id, second.body.id] },
    });
    expect(messages).toBe(3);
    const directory = await h.call<Json>('GET', `/internal/directory/${alice.username}`);
    expect(directory.body.user.avatar_url).toBe(OLD_AVATAR);

    await deleteAccount(alice);

    // Gone: her notifications, her choices, the block rows on either side of her.
    expect(await notificationsOf(alice)).toBe(0);
    const marker = await h.models.NotificationPreference.findOne({ user_id: oid(alice) }).lean();
    expect(marker?.disabled).toBeUndefined();
    expect(marker?.account_deleted_at).toBeInstanceOf(Date);
    expect(await blockRowsOf(alice)).toBe(0);
    // Someone else's are untouched.
    expect(await notificationsOf(bob)).toBe(bobsNotifications);
    expect(await h.models.Block.countDocuments({ blocker_id: oid(bob) })).toBe(1);

    // Bob keeps both conversations and every message; alice reads '[deleted]' everywhere.
    const list = await inbox(bob);
    const mine = list.conversations.filter((c: Json) =>
      [first.body.id, second.body.id].includes(c.id),
    );
    expect(mine.map((c: Json) => c.other_username)).toEqual([DELETED_AUTHOR, DELETED_AUTHOR]);
    const opened = await h.call<Json>('GET', `/api/messages/conversations/${first.body.id}`, {
      as: bob,
    });
    expect(opened.body.other_username).toBe(DELETED_AUTHOR);
    expect(opened.body.messages.map((m: Json) => m.content)).toEqual([
      `from ${bob.username}`,
      'sure',
    ]);

    // Nothing new reaches her: a reply or a new conversation is refused, nothing is written.
    const refused = { status: 403, body: { error: BlockTexts.cannotMessage } };
    expect(await reply(bob, first.body.id)).toEqual(refused);
    expect(await start(bob, alice, 'Another')).toEqual(refused);
    expect(
      await h.models.Message.countDocuments({
        conversation_id: { $in: [first.body.id, second.body.id] },
      }),
    ).toBe(3);
    expect(await h.models.Conversation.countDocuments({ subject_key: 'another' })).toBe(0);
    // Her posts still get comments: no notification is written for her.
    await h.publish(Subjects.CommentCreated, commentData({ post_author_id: alice.id }));
    await h.caughtUp();
    expect(await notificationsOf(alice)).toBe(0);

    // Her token is refused as a deactivated account's; her old avatar is nowhere.
    expect(await h.call('GET', '/api/messages/unread-count', { as: alice })).toEqual({
      status: 401,
      body: { error: 'Account is deactivated' },
    });
    const lookup = await h.call<Json>('GET', `/internal/directory/${alice.username}`);
    expect(lookup.body.user.avatar_url).toBeNull();
    expect(JSON.stringify([list, opened.body, lookup.body])).not.toContain(OLD_AVATAR);
  });

  it('a redelivery is a no-op, and a rerun after a crash changes nothing either', async () => {
    const [dora, ed] = await Promise.all([h.user(), h.user()]);
    const opened = await start(ed, dora, 'Twice');
    await h.caughtUp();
    const event = await deleteAccount(dora);
    const snapshot = async () => ({
      conversation: await h.models.Conversation.findById(opened.body.id).lean(),
      dora: await notificationsOf(dora),
      ed: await h.models.Notification.find({ user_id: oid(ed) }).lean(),
      marker: await h.models.NotificationPreference.findOne({ user_id: oid(dora) }).lean(),
      directory: await h.models.DirectoryUser.findById(dora.id).lean(),
    });
    const before = await snapshot();
    expect(before.conversation?.usernames[dora.id]).toBe(DELETED_AUTHOR);

    // The same event past JetStream's de-duplication: the processed-event record skips it.
    await h.publishRaw(Subjects.UserDeleted, event);
    await h.caughtUp();
    // A crash after the effect but before the record: the handler runs again in full.
    await applyAccountDeletion(h.models, event);
    expect(await snapshot()).toEqual(before);
    expect(
      await h.service.conn
        .collection(PROCESSED_EVENTS_COLLECTION)
        .countDocuments({ event_id: event.id, consumer: ACCOUNT_DELETIONS_DURABLE }),
    ).toBe(1);
  });

  it('finishes what a crash half-way left, in batches', async () => {
    const [fay, gus] = await Promise.all([h.user(), h.user()]);
    // More than one batch of each: 2,500 notifications, 1,100 conversations (raw inserts).
    const now = new Date();
    await h.models.Notification.collection.insertMany(
      Array.from({ length: 2_500 }, (_, i) => ({
        user_id: oid(fay),
        type: 'post_comment',
        title: `n${i}`,
        content: '',
        is_read: false,
        created_at: now,
        source_event_id: `bulk-${fay.id}-${i}`,
      })) as never[],
    );
    const pair = [fay.id, gus.id].sort();
    await h.models.Conversation.collection.insertMany(
      Array.from({ length: 1_100 }, (_, i) => ({
        participant_ids: pair.map((id) => new Types.ObjectId(id)),
        pair_key: pair.join(':'),
        subject: `s${i}`,
        subject_key: `s${i}`,
        // A crash renamed the first 300 already.
        usernames: { [fay.id]: i < 300 ? DELETED_AUTHOR : fay.username, [gus.id]: gus.username },
        unread: { [fay.id]: 0, [gus.id]: 0 },
        last_message: 'hi',
        last_message_at: now,
        created_at: now,
      })) as never[],
    );

    await deleteAccount(fay);
    expect(await notificationsOf(fay)).toBe(0);
    expect(
      await h.models.Conversation.countDocuments({
        participant_ids: oid(fay),
        [`usernames.${fay.id}`]: { $ne: DELETED_AUTHOR },
      }),
    ).toBe(0);
    expect(
      await h.models.Conversation.countDocuments({ [`usernames.${gus.id}`]: gus.username }),
    ).toBe(1_100);
  });

  it('catches up: a deletion published while the service was down is applied at start', async () => {
    const [hana, ivan] = await Promise.all([h.user(), h.user()]);
    const opened = await start(ivan, hana, 'Offline');
    await h.caughtUp();
    expect(await notificationsOf(hana)).toBe(1);

    await h.stop();
    await deleteAccount(hana, { wait: false });
    await h.start();
    await h.caughtUp();

    expect(await notificationsOf(hana)).toBe(0);
    const list = await inbox(ivan);
    expect(list.conversations.find((c: Json) => c.id === opened.body.id)?.other_username).toBe(
      DELETED_AUTHOR,
    );
    expect((await reply(ivan, opened.body.id)).status).toBe(403);
  });

  it('a deletion for a user the directory never saw still refuses messages to them', async () => {
    const id = newId();
    const ghost = { id, username: `ghost${id.slice(-6)}`, token: '' };
    const sender = await h.user();
    await h.publish(Subjects.UserDeleted, deletionData(ghost));
    await h.caughtUp();
    expect((await start(sender, ghost)).status).toBe(403);
  });
});
