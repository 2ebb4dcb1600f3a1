import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentCreatedEvent, CommentVotedEvent, Subjects } from '@forum/contracts';
import type { z } from 'zod';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';
import { publishedEvents } from './test-support/events.js';

let h: Harness;
let postAuthor: TestUser;
let replier: TestUser;
let subscriber: TestUser;

beforeAll(async () => {
  h = await startHarness();
  postAuthor = await h.user('postauthor');
  replier = await h.user('replier');
  subscriber = await h.user('subscriber');
});
afterAll(async () => h?.stop());

const published = <S extends z.ZodType>(
  subject: string,
  schema: S,
  match: (e: z.infer<S>) => boolean,
  count: number,
) => publishedEvents(h, subject, schema, match, count);

describe('forum.comment.created', () => {
  it('carries the post author, the parent author and the post title, never the subscribers', async () => {
    const { post, title, community } = await communityWithPost(h, postAuthor);
    await h.call('POST', `/api/post-subscriptions/${post}`, { as: subscriber });
    const top = await comment(h, replier, post, null, 'x'.repeat(500));
    const reply = await comment(h, subscriber, post, top.id, 'a reply');
    const events = await published(
      Subjects.CommentCreated,
      CommentCreatedEvent,
      (e) => e.post_id === post,
      2,
    );
    const [first, second] = [
      events.find((e) => e.comment_id === top.id)!,
      events.find((e) => e.comment_id === reply.id)!,
    ];
    expect(first).toMatchObject({
      post_title: title,
      post_author_id: postAuthor.id,
      community_id: community,
      parent_id: null,
      parent_author_id: null,
      author_id: replier.id,
      author_username: replier.username,
    });
    expect(first.content_preview.length).toBeLessThanOrEqual(200);
    // Bounded: the subscribers follow in forum.comment.subscribers slices (comment-fanout test).
    expect(first.subscriber_ids).toBeUndefined();
    expect(second.subscriber_ids).toBeUndefined();
    expect(second).toMatchObject({
      parent_id: top.id,
      parent_author_id: replier.id,
      author_id: subscriber.id,
      content_preview: 'a reply',
    });
  });
});

describe('forum.comment.voted', () => {
  it('carries the comment author and the score delta of each transition', async () => {
    const { post, title } = await communityWithPost(h, postAuthor);
    const c = await comment(h, replier, post);
    for (const v of [1, -1, -1] as const) {
      await h.call('POST', `/api/comments/${c.id}/vote`, {
        as: subscriber,
        body: { vote_type: v },
      });
    }
    const events = await published(
      Subjects.CommentVoted,
      CommentVotedEvent,
      (e) => e.comment_id === c.id,
      3,
    );
    expect(
      events.map((e) => [e.previous_vote_type, e.vote_type, e.score_delta, e.comment_author_id]),
    ).toEqual([
      [0, 1, 1, replier.id],
      [1, -1, -2, replier.id],
      [-1, 0, 1, replier.id],
    ]);
    expect(events[0]).toMatchObject({
      post_id: post,
      post_title: title,
      voter_id: subscriber.id,
      voter_username: subscriber.username,
    });
  });
});
