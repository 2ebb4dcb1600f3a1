import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { Subjects, type EventData } from '@forum/contracts';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const mine = (user: TestUser) =>
  h.models.Notification.find({ user_id: new Types.ObjectId(user.id), type: 'mod_action' })
    .sort({ created_at: 1 })
    .lean();

const modAction = (
  over: Partial<EventData<typeof Subjects.ModActionRecorded>>,
): EventData<typeof Subjects.ModActionRecorded> => {
  const post = newId();
  return {
    modlog_id: newId(),
    action: 'remove_post',
    community_id: newId(),
    community_name: 'cats',
    moderator_id: newId(),
    moderator_username: 'mod',
    recipient_id: newId(),
    target_type: 'post',
    target_title: 'My cat',
    reason: 'Off topic',
    post_id: post,
    related_id: post,
    expires_at: null,
    created_at: new Date().toISOString(),
    ...over,
  };
};

describe('mod_action notifications (EXTENSIONS §M7)', () => {
  it('tells the author: the title names the action, the content carries the reason', async () => {
    const author = await h.user();
    const data = modAction({ recipient_id: author.id });
    await h.publish(Subjects.ModActionRecorded, data);
    await h.caughtUp();
    const list = (
      await h.call<{ notifications: unknown[] }>('GET', '/api/notifications', {
        as: author,
      })
    ).body.notifications;
    expect(list).toEqual([
      expect.objectContaining({
        type: 'mod_action',
        title: 'Your post was removed from c/cats',
        content: '"My cat" · Reason: Off topic',
        post_id: data.post_id,
        related_id: data.related_id,
        is_read: false,
      }),
    ]);
  });

  it.each([
    ['restore_post', 'post', 'Your post was restored in c/cats'],
    ['remove_comment', 'comment', 'Your comment was removed from c/cats'],
    ['restore_comment', 'comment', 'Your comment was restored in c/cats'],
    ['lock_post', 'post', 'Your post was locked in c/cats'],
    ['unban_user', 'user', 'Your ban from c/cats was lifted'],
  ] as const)('%s: %s', async (action, target_type, title) => {
    const user = await h.user();
    await h.publish(
      Subjects.ModActionRecorded,
      modAction({ recipient_id: user.id, action, target_type }),
    );
    await h.caughtUp();
    expect((await mine(user)).map((n) => n.title)).toEqual([title]);
  });

  it("a ban says until when (or that it is permanent) and routes to the community's log", async () => {
    const user = await h.user();
    for (const expires_at of ['2031-05-06T07:08:09.000Z', null]) {
      await h.publish(
        Subjects.ModActionRecorded,
        modAction({
          recipient_id: user.id,
          action: 'ban_user',
          target_type: 'user',
          target_title: null,
          reason: 'Spam',
          post_id: null,
          related_id: 'cats',
          expires_at,
        }),
      );
    }
    await h.caughtUp();
    expect((await mine(user)).map((n) => [n.title, n.content, n.post_id, n.related_id])).toEqual([
      ['You were banned from c/cats', 'Reason: Spam · Until 2031-05-06', null, 'cats'],
      ['You were banned from c/cats', 'Reason: Spam · Permanent', null, 'cats'],
    ]);
  });

  it('is created once per event, and never for a moderator acting on their own content', async () => {
    const user = await h.user();
    const data = modAction({ recipient_id: user.id, reason: null });
    const id = await h.publish(Subjects.ModActionRecorded, data);
    await h.caughtUp();
    // A redelivery of the same event (same id) changes nothing.
    await h.publishRaw(Subjects.ModActionRecorded, {
      ...data,
      id,
      occurred_at: new Date().toISOString(),
      version: 1,
    });
    await h.publish(
      Subjects.ModActionRecorded,
      modAction({ recipient_id: user.id, moderator_id: user.id }),
    );
    await h.caughtUp();
    const got = await mine(user);
    expect(got.map((n) => n.content)).toEqual(['"My cat" · Reason: none given']);
  });

  it('an appeal decided is an appeal_decided to the appellant, routed like the decision appealed', async () => {
    const author = await h.user();
    const banned = await h.user();
    const post = newId();
    await h.publish(
      Subjects.ModActionRecorded,
      modAction({
        recipient_id: author.id,
        action: 'appeal_overturned',
        reason: 'Fair point, it was on topic',
        post_id: post,
        related_id: post,
      }),
    );
    await h.publish(
      Subjects.ModActionRecorded,
      modAction({
        recipient_id: banned.id,
        action: 'appeal_upheld',
        target_type: 'user',
        target_title: null,
        reason: 'Still spam',
        post_id: null,
        related_id: 'cats',
      }),
    );
    await h.caughtUp();
    const appealsOf = (user: TestUser) =>
      h.models.Notification.find({ user_id: new Types.ObjectId(user.id) }).lean();
    expect(await appealsOf(author)).toEqual([
      expect.objectContaining({
        type: 'appeal_decided',
        title: 'Your appeal was accepted',
        content: 'Fair point, it was on topic',
        post_id: post,
        related_id: post,
      }),
    ]);
    expect(await appealsOf(banned)).toEqual([
      expect.objectContaining({
        type: 'appeal_decided',
        title: 'Your appeal was declined',
        content: 'Still spam',
        post_id: null,
        related_id: 'cats',
      }),
    ]);
    // Through the API as the client reads it.
    const listed = await h.call<{ notifications: unknown[] }>('GET', '/api/notifications', {
      as: author,
    });
    expect(listed.body.notifications).toEqual([
      expect.objectContaining({ type: 'appeal_decided', title: 'Your appeal was accepted' }),
    ]);
  });
});
