import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  MENTIONS_PER_ITEM,
  MentionRecordedEvent,
  Subjects,
  createEvent,
  type EventData,
} from '@forum/contracts';
import { waitFor } from '@forum/service-kit/testing';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
let author: TestUser;
beforeAll(async () => {
  h = await startHarness();
  author = await h.user();
});
afterAll(() => h?.close());

type MentionData = EventData<typeof Subjects.MentionRecorded>;

/** A comment by `author` naming `users` (as forum writes the names: as typed). */
const mentioned = (users: string[], over: Partial<MentionData> = {}): MentionData => ({
  item_type: 'comment',
  item_id: newId(),
  post_id: newId(),
  post_title: 'Cats',
  community_id: newId(),
  community_name: 'cats',
  author_id: author.id,
  author_username: author.username,
  usernames: users,
  content_preview: `hello ${users.map((u) => `u/${u}`).join(' ')}`,
  created_at: new Date().toISOString(),
  ...over,
});

const mentionsOf = (user: TestUser) =>
  h.models.Notification.find({ user_id: new Types.ObjectId(user.id), type: 'mention' }).lean();

describe('mention notifications (EXTENSIONS §F3)', () => {
  it('tells each named user once per item, a comment and a post, routed to the item', async () => {
    const [amy, ben] = [await h.user(), await h.user()];
    const onComment = mentioned([amy.username.toUpperCase(), ben.username]);
    const redelivered = createEvent(Subjects.MentionRecorded, onComment);
    await h.publishRaw(Subjects.MentionRecorded, redelivered);
    await h.publishRaw(Subjects.MentionRecorded, redelivered);
    const post = newId();
    await h.publish(
      Subjects.MentionRecorded,
      mentioned([amy.username], { item_type: 'post', item_id: post, post_id: post }),
    );
    await h.caughtUp();
    const list = (
      await h.call<{ notifications: unknown[] }>('GET', '/api/notifications', { as: amy })
    ).body.notifications;
    expect(list).toEqual([
      expect.objectContaining({
        type: 'mention',
        title: `u/${author.username} mentioned you in a post`,
        content: `"Cats": hello u/${amy.username}`,
        related_id: post,
        post_id: post,
        is_read: false,
      }),
      expect.objectContaining({
        type: 'mention',
        title: `u/${author.username} mentioned you in a comment`,
        related_id: onComment.item_id,
        post_id: onComment.post_id,
      }),
    ]);
    expect(await mentionsOf(ben)).toHaveLength(1);
  });

  it('tells at most 10 users per item: the contract refuses an 11th name', async () => {
    const users = await Promise.all(Array.from({ length: MENTIONS_PER_ITEM }, () => h.user()));
    await h.publish(Subjects.MentionRecorded, mentioned(users.map((u) => u.username)));
    await h.caughtUp();
    for (const user of users) expect(await mentionsOf(user)).toHaveLength(1);
    // Forum keeps the first 10 names; an event with more breaks the contract (parked, unread).
    const eleven = mentioned([...users.map((u) => u.username), 'eleventh']);
    expect(MentionRecordedEvent.safeParse(withEnvelope(eleven)).success).toBe(false);
  });

  it('never tells the author, a user who blocked the author, or who turned mentions off', async () => {
    const [blocker, unblocked, quiet, told] = [
      await h.user(),
      await h.user(),
      await h.user(),
      await h.user(),
    ];
    const block = (by: TestUser, version: number, blocked: boolean) =>
      h.publish(Subjects.BlockChanged, {
        blocker_id: by.id,
        blocked_id: author.id,
        blocked,
        block_version: version,
        changed_at: new Date().toISOString(),
      });
    await block(blocker, 1, true);
    await block(unblocked, 1, true);
    await block(unblocked, 2, false);
    const off = await h.call('PUT', '/api/notifications/preferences', {
      as: quiet,
      body: { mention: false },
    });
    expect(off.status).toBe(200);
    await h.caughtUp();
    await h.publish(
      Subjects.MentionRecorded,
      mentioned([
        author.username,
        blocker.username,
        unblocked.username,
        quiet.username,
        told.username,
      ]),
    );
    await h.caughtUp();
    expect(await mentionsOf(author)).toEqual([]);
    expect(await mentionsOf(blocker)).toEqual([]);
    expect(await mentionsOf(quiet)).toEqual([]);
    expect(await mentionsOf(unblocked)).toHaveLength(1);
    expect(await mentionsOf(told)).toHaveLength(1);
  });

  it('never tells unknown, deactivated or deleted accounts', async () => {
    const [deactivated, deleted, told] = [await h.user(), await h.user(), await h.user()];
    await h.publish(Subjects.UserUpdated, {
      user_id: deactivated.id,
      username: deactivated.username,
      avatar_url: null,
      is_active: false,
    });
    await h.publish(Subjects.UserDeleted, {
      user_id: deleted.id,
      username: deleted.username,
      delete_content: false,
      deleted_at: new Date().toISOString(),
    });
    await h.caughtUp();
    await waitFor(async () => {
      const row = await h.models.DirectoryUser.findById(deleted.id).lean();
      return Boolean(row?.deleted_at);
    });
    await h.publish(
      Subjects.MentionRecorded,
      mentioned(['nosuchuser', deactivated.username, deleted.username, told.username]),
    );
    await h.caughtUp();
    expect(await mentionsOf(deactivated)).toEqual([]);
    expect(await mentionsOf(deleted)).toEqual([]);
    expect(await mentionsOf(told)).toHaveLength(1);
  });
});

/** An envelope around data without createEvent's validation (to check what the schema refuses). */
const withEnvelope = (data: MentionData) => ({
  ...data,
  id: globalThis.crypto.randomUUID(),
  occurred_at: new Date().toISOString(),
  version: 1,
});
