import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ForumExport } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { join, known, newComment, newCommunity, newPost, ok } from './test-support/moderation.js';
import { report } from './test-support/reports.js';

/**
 * EXTENSIONS §B2: GET forum:/internal/export (the gateway forwards the caller's token) answers
 * exactly ForumExport with every kind of record the caller left, and nothing of anyone else's
 * (a report document shared with another reporter shows only the caller's entry).
 */
let h: Harness;
let me: TestUser;
let other: TestUser;

/** Everything one user leaves in forum, on the other user's content where it must be. */
interface Trail {
  community: string;
  post: string;
  comment: string;
  reply: string;
}

async function leaveTrail(user: TestUser, on: { post: string; comment: string }): Promise<Trail> {
  const community = await newCommunity(h, user);
  const post = (await newPost(h, user, community.id)).id;
  const comment = (await newComment(h, user, post)).id;
  const reply = (
    await ok<{ comment: { id: string } }>(h, 201, 'POST', '/api/comments', {
      as: user,
      body: { content: 'A reply of mine', post_id: on.post, parent_id: on.comment },
    })
  ).comment.id;
  await ok(h, 200, 'POST', `/api/posts/${on.post}/vote`, { as: user, body: { vote_type: -1 } });
  await ok(h, 200, 'POST', `/api/comments/${on.comment}/vote`, {
    as: user,
    body: { vote_type: 1 },
  });
  await ok(h, 200, 'POST', `/api/posts/${on.post}/reactions`, {
    as: user,
    body: { reaction_type: 'rocket' },
  });
  await ok(h, 200, 'POST', `/api/posts/${on.post}/save`, { as: user });
  await ok(h, 200, 'POST', `/api/comments/${on.comment}/save`, { as: user });
  await ok(h, 200, 'POST', `/api/post-subscriptions/${on.post}`, { as: user });
  return { community: community.id, post, comment, reply };
}

const exportOf = async (user: TestUser) =>
  ForumExport.strict().parse(await ok(h, 200, 'GET', '/internal/export', { as: user }));

beforeAll(async () => {
  h = await startHarness();
  [me, other] = await Promise.all([h.user(), h.user()]);
  await known(h, me, other);
}, 60_000);
afterAll(async () => {
  await h?.stop();
});

describe('GET /internal/export', () => {
  let mine: Trail;
  let theirs: Trail;
  let shared: { id: string; name: string };

  beforeAll(async () => {
    // Each one's content first, then each leaves marks on the other's.
    shared = await newCommunity(h, other);
    await join(h, me, shared.id);
    const sharedPost = (await newPost(h, other, shared.id)).id;
    const sharedComment = (await newComment(h, other, sharedPost)).id;
    mine = await leaveTrail(me, { post: sharedPost, comment: sharedComment });
    theirs = await leaveTrail(other, { post: mine.post, comment: mine.comment });
    // Reports: mine on their post and comment; theirs on my post, and on the same post as me.
    await report(h, me, 'posts', sharedPost, 'Spam, plainly');
    await report(h, me, 'comments', sharedComment, 'Rude words');
    await report(h, other, 'posts', mine.post, 'Off topic');
    const third = await h.user();
    await join(h, third, shared.id);
    await report(h, third, 'posts', sharedPost, 'Someone else says so');
  });

  it('holds every kind of record the caller left, and only theirs', async () => {
    const data = await exportOf(me);
    expect(data.posts.map((p) => p.id)).toEqual([mine.post]);
    expect(data.posts[0]).toMatchObject({ title: expect.any(String), removed: false });
    expect(data.comments.map((c) => c.id).sort()).toEqual([mine.comment, mine.reply].sort());
    expect(data.comments.find((c) => c.id === mine.reply)?.parent_id).toBeTruthy();
    expect(data.post_votes).toEqual([
      expect.objectContaining({ vote_type: -1, post_id: expect.any(String) }),
    ]);
    expect(data.comment_votes).toHaveLength(1);
    expect(data.reactions.map((r) => r.reaction_type)).toEqual(['rocket']);
    expect(data.saved_posts).toHaveLength(1);
    expect(data.saved_comments).toHaveLength(1);
    expect(data.memberships.map((m) => [m.community_id, m.is_moderator]).sort()).toEqual(
      [
        [mine.community, true],
        [shared.id, false],
      ].sort(),
    );
    expect(data.memberships.find((m) => m.community_id === shared.id)?.community_name).toBe(
      shared.name,
    );
    // Their own post (subscribed on creation) and the post they followed.
    expect(data.subscriptions).toHaveLength(2);
    expect(data.subscriptions.map((s) => s.post_id)).toContain(mine.post);
    expect(data.reports.map((r) => [r.target_type, r.reason]).sort()).toEqual(
      [
        ['comment', 'Rude words'],
        ['post', 'Spam, plainly'],
      ].sort(),
    );

    const text = JSON.stringify(data);
    for (const foreign of [theirs.post, theirs.comment, theirs.reply, theirs.community]) {
      expect(text).not.toContain(foreign);
    }
    expect(text).not.toContain('Someone else says so');
    expect(text).not.toContain('Off topic');
    expect(text).not.toContain(other.username);
  });

  it("gives the other user their own records, never the caller's", async () => {
    const data = await exportOf(other);
    expect(data.posts.map((p) => p.id)).not.toContain(mine.post);
    expect(data.comments.map((c) => c.id)).not.toContain(mine.comment);
    expect(data.comments.map((c) => c.id)).not.toContain(mine.reply);
    expect(data.reports.map((r) => r.reason)).toEqual(['Off topic']);
    expect(JSON.stringify(data)).not.toContain(me.username);
  });

  it('answers an empty export to a user with no records', async () => {
    const nobody = await h.user();
    const data = await exportOf(nobody);
    expect(Object.values(data).every((rows) => Array.isArray(rows) && rows.length === 0)).toBe(
      true,
    );
  });

  it('answers 401 without a token', async () => {
    expect((await h.call('GET', '/internal/export')).status).toBe(401);
  });
});
