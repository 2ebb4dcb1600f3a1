import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MentionRecordedEvent, PostResponse, Subjects } from '@forum/contracts';
import { startHarness, textPost, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';
import { publishedEvents } from './test-support/events.js';

let h: Harness;
let author: TestUser;
let commenter: TestUser;

beforeAll(async () => {
  h = await startHarness();
  author = await h.user('mentionauthor');
  commenter = await h.user('mentioncommenter');
});
afterAll(async () => h?.stop());

/** The forum.mention.recorded events of one post, once at least `count` are published. */
const mentionsOf = (post: string, count: number) =>
  publishedEvents(
    h,
    Subjects.MentionRecorded,
    MentionRecordedEvent,
    (e) => e.post_id === post,
    count,
  );

const newPost = async (community: string, content: string) => {
  const res = await h.call('POST', '/api/posts', {
    as: author,
    body: { ...textPost(community, 'Mentions here'), content },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return PostResponse.parse(res.body).post;
};

describe('forum.mention.recorded (EXTENSIONS §F3)', () => {
  it('names the first 10 distinct users of a new post, not in code or links, not the author', async () => {
    const { community } = await communityWithPost(h, author);
    const many = Array.from({ length: 12 }, (_, i) => `many${i}`);
    const content = [
      'Hello u/Alice and u/alice (the same), u/MentionAuthor (myself).',
      '`u/incode` and [u/inlink](https://example.test) and u/bob',
      '',
      '```',
      'u/infence',
      '```',
      many.map((n) => `u/${n}`).join(' '),
    ].join('\n');
    const post = await newPost(community, content);
    const [event, ...more] = await mentionsOf(post.id, 1);
    expect(more).toEqual([]);
    expect(event).toMatchObject({
      item_type: 'post',
      item_id: post.id,
      post_id: post.id,
      post_title: 'Mentions here',
      community_id: community,
      community_name: post.community_name,
      author_id: author.id,
      author_username: author.username,
      usernames: ['Alice', 'bob', ...many.slice(0, 8)],
      created_at: post.created_at,
    });
    expect(event!.content_preview).toMatch(/^Hello u\/Alice/);
    expect(event!.content_preview.length).toBeLessThanOrEqual(200);
  });

  it('names the users of a new comment or reply; an edit and an item without mentions publish none', async () => {
    const { community, post, title } = await communityWithPost(h, author);
    const quiet = await newPost(community, 'No names here, just c/cats and u/x.');
    const top = await comment(h, commenter, post, null, 'Thanks u/carol!');
    const reply = await comment(h, commenter, post, top.id, 'plain reply');
    // Edits never notify, not even of names they add.
    const edited = await h.call('PUT', `/api/comments/${reply.id}`, {
      as: commenter,
      body: { content: 'now with u/erin' },
    });
    expect(edited.status).toBe(200);
    const editedPost = await h.call('PUT', `/api/posts/${quiet.id}`, {
      as: author,
      body: { title: 'Now with u/frank', content: 'and u/frank here' },
    });
    expect(editedPost.status).toBe(200);
    // A later mention in the same stream: whatever the edits published would be before it.
    const last = await comment(h, author, post, top.id, 'replying to u/mentioncommenter');
    const events = await mentionsOf(post, 2);
    expect(events.map((e) => [e.item_type, e.item_id, e.usernames])).toEqual([
      ['comment', top.id, ['carol']],
      ['comment', last.id, ['mentioncommenter']],
    ]);
    expect(events[0]).toMatchObject({
      post_title: title,
      community_id: community,
      author_id: commenter.id,
      author_username: commenter.username,
      content_preview: 'Thanks u/carol!',
    });
    const barrier = await newPost(community, 'u/barrier');
    await mentionsOf(barrier.id, 1);
    expect(
      await publishedEvents(
        h,
        Subjects.MentionRecorded,
        MentionRecordedEvent,
        (e) => e.post_id === quiet.id || e.post_id === barrier.id,
        1,
      ),
    ).toHaveLength(1);
  });
});
