import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import { createEvent, Subjects, type EventData } from '@forum/contracts';
import { newId, startHarness, type Harness, type TestUser } from './test-support/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const mine = (user: TestUser) =>
  h.models.Notification.find({ user_id: new Types.ObjectId(user.id), type: 'election' }).lean();

const decided = (
  over: Partial<EventData<typeof Subjects.ElectionDecided>>,
): EventData<typeof Subjects.ElectionDecided> => ({
  election_id: newId(),
  community_id: newId(),
  community_name: 'cats',
  seats: 2,
  winner_usernames: ['alice', 'bob'],
  audience: 'voters',
  recipient_ids: [newId()],
  slice: 0,
  slices: 1,
  closed_at: new Date().toISOString(),
  ...over,
});

describe('election notifications (EXTENSIONS §E)', () => {
  it('tells each candidate and voter the result, routed to the community', async () => {
    const [candidate, voter, other] = [await h.user(), await h.user(), await h.user()];
    const election_id = newId();
    await h.publish(
      Subjects.ElectionDecided,
      decided({ election_id, audience: 'candidates', recipient_ids: [candidate.id] }),
    );
    // The voters' slice twice, as a redelivery would bring it: nobody is told twice.
    const voters = createEvent(
      Subjects.ElectionDecided,
      decided({ election_id, recipient_ids: [voter.id, other.id] }),
    );
    await h.publishRaw(Subjects.ElectionDecided, voters);
    await h.publishRaw(Subjects.ElectionDecided, voters);
    await h.caughtUp();
    const list = (
      await h.call<{ notifications: unknown[] }>('GET', '/api/notifications', { as: voter })
    ).body.notifications;
    expect(list).toEqual([
      expect.objectContaining({
        type: 'election',
        title: 'Election in c/cats: alice, bob elected',
        content: 'Thank you for voting. The approvals for each candidate are on the election page.',
        related_id: 'cats',
        post_id: null,
        is_read: false,
      }),
    ]);
    expect((await mine(other)).map((n) => n.title)).toEqual([
      'Election in c/cats: alice, bob elected',
    ]);
    expect((await mine(candidate)).map((n) => n.content)).toEqual([
      'Thank you for standing. The approvals for each candidate are on the election page.',
    ]);
  });

  it('says when nobody was elected', async () => {
    const voter = await h.user();
    await h.publish(
      Subjects.ElectionDecided,
      decided({ winner_usernames: [], recipient_ids: [voter.id] }),
    );
    await h.caughtUp();
    expect((await mine(voter)).map((n) => n.title)).toEqual([
      'Election in c/cats: nobody was elected',
    ]);
  });
});
