import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Types } from 'mongoose';
import {
  CommentThreadsResponse,
  CommunityResponse,
  DELETED_AUTHOR,
  ListPostsResponse,
  ModeratorsResponse,
  PostResponse,
  Subjects,
  createEvent,
  type EventOf,
} from '@forum/contracts';
import { PROCESSED_EVENTS_COLLECTION, publishEvent } from '@forum/service-kit';
import { waitFor } from '@forum/service-kit/testing';
import { ACCOUNT_DELETION_DURABLE } from './events/streams.js';
import type { RunningForum } from './server.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { startServiceOn } from './test-support/service.js';
import { TEST_ELECTIONS } from './test-support/harness.js';
import { applyAccountDeletion } from './use-cases/apply-account-deletion.js';
import type { ForumDeps } from './deps.js';
import {
  appoint,
  join,
  known,
  modlog,
  newComment,
  newCommunity,
  newPost,
  ok,
} from './test-support/moderation.js';

/**
 * EXTENSIONS §B2 in forum: identity.user.deleted (published here through the real nats-server)
 * is applied by the service's own consumer: what the user leaves shows '[deleted]', or with
 * delete_content goes as by the author's DELETE; seats, memberships, saves, subscriptions and
 * blocks go; a redelivery changes nothing; an event published while forum was down is applied
 * when it starts again.
 */
let h: Harness;
let service: RunningForum;

const AVATAR = '/media/avatars/alice.webp';
type UserDeleted = EventOf<typeof Subjects.UserDeleted>;
const deletion = (user: TestUser, deleteContent: boolean) =>
  createEvent(Subjects.UserDeleted, {
    user_id: user.id,
    username: user.username,
    delete_content: deleteContent,
    deleted_at: new Date().toISOString(),
  });

const processedKey = (event: UserDeleted) => `${ACCOUNT_DELETION_DURABLE}:${event.id}`;
const processed = async (event: UserDeleted) =>
  (await h.conn
    .collection<{ _id: string }>(PROCESSED_EVENTS_COLLECTION)
    .countDocuments({ _id: processedKey(event) })) === 1;

/** Publishes the event and waits until forum's consumer has applied it. */
async function deliver(event: UserDeleted): Promise<void> {
  await publishEvent(h.nc.jetstream(), Subjects.UserDeleted, event);
  await waitFor(() => processed(event), { what: 'account deletion applied', timeoutMs: 30_000 });
}

const deps = (): ForumDeps => ({
  models: h.models,
  conn: h.conn,
  outbox: h.outbox,
  media: h.media,
  adminUsername: 'admin',
  elections: TEST_ELECTIONS,
});

const getPost = async (id: string, as?: TestUser) =>
  PostResponse.parse(await ok(h, 200, 'GET', `/api/posts/${id}`, as ? { as } : {})).post;
const postList = async (path: string) => ListPostsResponse.parse(await ok(h, 200, 'GET', path));
const threads = async (post: string) =>
  CommentThreadsResponse.parse(
    await ok(h, 200, 'GET', `/api/comments/post/${post}?sort=old&limit=50`),
  ).comments;
const community = async (id: string) =>
  CommunityResponse.parse(await ok(h, 200, 'GET', `/api/communities/id/${id}`)).community;
const team = async (id: string) =>
  ModeratorsResponse.parse(await ok(h, 200, 'GET', `/api/communities/${id}/moderators`)).moderators;
const reply = async (as: TestUser, post: string, parent: string) =>
  (
    await ok<{ comment: { id: string } }>(h, 201, 'POST', '/api/comments', {
      as,
      body: { content: 'A reply', post_id: post, parent_id: parent },
    })
  ).comment;

/** Rows still naming the user, per collection. */
async function marksOf(user: TestUser) {
  const id = new Types.ObjectId(user.id);
  const m = h.models;
  return {
    postSaves: await m.PostSave.countDocuments({ user_id: id }),
    commentSaves: await m.CommentSave.countDocuments({ user_id: id }),
    subscriptions: await m.PostSubscription.countDocuments({ user_id: id }),
    memberships: await m.Membership.countDocuments({ user_id: id }),
    seats: await m.Moderator.countDocuments({ user_id: id }),
    blocks: await m.Block.countDocuments({ $or: [{ blocker_id: id }, { blocked_id: id }] }),
  };
}
const NO_MARKS = {
  postSaves: 0,
  commentSaves: 0,
  subscriptions: 0,
  memberships: 0,
  seats: 0,
  blocks: 0,
};

async function blockRow(blocker: TestUser, blocked: TestUser) {
  await h.models.Block.create({
    blocker_id: blocker.id,
    blocked_id: blocked.id,
    blocked: true,
    version: 1,
    changed_at: new Date(),
  });
}

beforeAll(async () => {
  h = await startHarness();
  service = await startServiceOn(h);
}, 60_000);
afterAll(async () => {
  await service?.stop();
  await h?.stop();
});

describe('identity.user.deleted, content kept', () => {
  let alice: TestUser;
  let bob: TestUser;
  let carol: TestUser;
  let dave: TestUser;
  let owned: { id: string; name: string };
  let joined: { id: string; name: string };
  let alicePost: string;
  let bobPost: string;
  let aliceComment: string;
  let event: UserDeleted;
  let before: { score: number; comments: number; joinedMembers: number };

  beforeAll(async () => {
    [alice, bob, carol, dave] = await Promise.all([h.user(), h.user(), h.user(), h.user()]);
    await known(h, alice, bob, carol, dave);
    owned = await newCommunity(h, alice);
    joined = await newCommunity(h, carol);
    await join(h, alice, joined.id);
    // Bob moderates alice's community from before carol's appointment: he takes the seat.
    await appoint(h, alice, owned.id, bob);
    await appoint(h, alice, owned.id, carol);
    alicePost = (await newPost(h, alice, owned.id)).id;
    bobPost = (await newPost(h, bob, owned.id)).id;
    aliceComment = (await newComment(h, alice, bobPost)).id;
    await newComment(h, alice, alicePost);
    await ok(h, 200, 'POST', `/api/posts/${alicePost}/vote`, { as: bob, body: { vote_type: 1 } });
    await ok(h, 200, 'POST', `/api/posts/${bobPost}/save`, { as: alice });
    await ok(h, 200, 'POST', `/api/comments/${aliceComment}/save`, { as: alice });
    await ok(h, 200, 'POST', `/api/post-subscriptions/${bobPost}`, { as: alice });
    await ok(h, 201, 'POST', `/api/posts/${bobPost}/report`, {
      as: alice,
      body: { reason: 'Spam, plainly' },
    });
    await blockRow(alice, dave);
    await blockRow(dave, alice);
    const post = await getPost(alicePost);
    before = {
      score: post.score,
      comments: post.comment_count,
      joinedMembers: (await community(joined.id)).member_count,
    };
    expect(await marksOf(alice)).not.toEqual(NO_MARKS);
    // Her avatar on the team list, until identity's user.updated (published with the deletion).
    await h.models.DirectoryUser.updateOne({ _id: alice.id }, { $set: { avatar_url: AVATAR } });
    expect((await team(owned.id)).map((s) => s.avatar_url)).toContain(AVATAR);
    const updated = createEvent(Subjects.UserUpdated, {
      user_id: alice.id,
      username: alice.username,
      avatar_url: null,
      is_active: false,
    });
    await publishEvent(h.nc.jetstream(), Subjects.UserUpdated, updated);
    event = deletion(alice, false);
    await deliver(event);
    await waitFor(
      async () =>
        (await h.models.DirectoryUser.findById(alice.id, { avatar_url: 1 }).lean())?.avatar_url ===
        null,
      { what: 'avatar dropped' },
    );
  });

  it('shows [deleted] as the author of their posts and comments, counts unchanged', async () => {
    const post = await getPost(alicePost);
    expect(post).toMatchObject({
      author_username: DELETED_AUTHOR,
      score: before.score,
      comment_count: before.comments,
    });
    for (const path of [
      '/api/posts?limit=100',
      `/api/posts?community_id=${owned.id}&limit=100`,
      `/api/posts?author_id=${alice.id}&limit=100`,
    ]) {
      const mine = (await postList(path)).posts.filter((p) => p.id === alicePost);
      expect(
        mine.map((p) => p.author_username),
        path,
      ).toEqual([DELETED_AUTHOR]);
    }
    const [top] = await threads(bobPost);
    expect(top).toMatchObject({ id: aliceComment, author_username: DELETED_AUTHOR });
    expect(top!.author_id).toBeNull();
    expect(top!.content).not.toBe(DELETED_AUTHOR);
    const onOwn = await threads(alicePost);
    expect(onOwn.map((c) => c.author_username)).toEqual([DELETED_AUTHOR]);
    const all = JSON.stringify([post, top, onOwn]);
    expect(all).not.toContain(alice.username);
  });

  it('leaves the name out of the log, the report queue and the community', async () => {
    const entries = await modlog(h, owned.id);
    expect(entries.length).toBeGreaterThan(0);
    expect(JSON.stringify(entries)).not.toContain(alice.username);
    expect(entries.map((e) => e.moderator_username)).toContain(DELETED_AUTHOR);
    const queued = await h.models.Report.findOne({ target_id: bobPost }).lean();
    expect(queued?.reports.map((r) => r.reporter_username)).toEqual([DELETED_AUTHOR]);
    expect((await community(owned.id)).creator_username).toBe(DELETED_AUTHOR);
  });

  it('answers 404 for their profile lists', async () => {
    for (const kind of ['posts', 'comments']) {
      await ok(h, 404, 'GET', `/api/auth/user/${alice.username}/${kind}`);
    }
  });

  it('removes saves, subscriptions, memberships, seats and blocks; member counts exact', async () => {
    expect(await marksOf(alice)).toEqual(NO_MARKS);
    expect((await community(joined.id)).member_count).toBe(before.joinedMembers - 1);
    const members = await ok<{ members: { user_id: string }[] }>(
      h,
      200,
      'GET',
      `/api/communities/${owned.id}/members?limit=50`,
    );
    expect(members.members.map((m) => m.user_id)).not.toContain(alice.id);
    expect((await community(owned.id)).member_count).toBe(members.members.length);
  });

  it("passes an owner's community to the longest-serving moderator", async () => {
    const seats = await team(owned.id);
    expect(seats.map((s) => [s.username, s.role])).toEqual([
      [bob.username, 'owner'],
      [carol.username, 'moderator'],
    ]);
    expect(JSON.stringify(seats)).not.toContain(alice.id);
    expect(JSON.stringify(seats)).not.toContain(AVATAR);
  });

  it('is a no-op when run again (a redelivery after a crash before its record)', async () => {
    const snapshot = async () => ({
      post: await getPost(alicePost),
      comments: await threads(bobPost),
      joined: (await community(joined.id)).member_count,
      owned: (await community(owned.id)).member_count,
      team: await team(owned.id),
    });
    const was = await snapshot();
    // What the consumer runs for a redelivered event whose processed record was never written
    // (NATS drops a republished duplicate id, and the record stops a redelivery before the work).
    const again = await applyAccountDeletion(deps(), event);
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
    expect(await snapshot()).toEqual(was);
    expect(await marksOf(alice)).toEqual(NO_MARKS);
  });
});

describe('identity.user.deleted with delete_content', () => {
  it('deletes posts and comments as their author would; a comment with replies stays a placeholder', async () => {
    const [eve, frank] = await Promise.all([h.user(), h.user()]);
    await known(h, eve, frank);
    const place = await newCommunity(h, frank);
    await join(h, eve, place.id);
    const evePost = (await newPost(h, eve, place.id)).id;
    await newComment(h, frank, evePost);
    const frankPost = (await newPost(h, frank, place.id)).id;
    const alone = (await newComment(h, eve, frankPost)).id;
    const answered = (await newComment(h, eve, frankPost)).id;
    const frankReply = (await reply(frank, frankPost, answered)).id;
    const postCount = async () =>
      (await h.models.Community.findById(place.id, { post_count: 1 }).lean())?.post_count;
    expect(await postCount()).toBe(2);
    expect((await getPost(frankPost)).comment_count).toBe(3);

    await deliver(deletion(eve, true));

    await ok(h, 404, 'GET', `/api/posts/${evePost}`);
    await ok(h, 404, 'GET', `/api/comments/${alone}`);
    expect(await h.models.Comment.countDocuments({ post_id: new Types.ObjectId(evePost) })).toBe(0);
    // The deleted post's tombstone is gone: the cascade ran to its end.
    expect(await h.models.Deletion.countDocuments({ _id: new Types.ObjectId(evePost) })).toBe(0);
    const list = await threads(frankPost);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: answered,
      is_deleted: true,
      content: '[deleted]',
      author_id: null,
      author_username: DELETED_AUTHOR,
    });
    expect(list[0]!.replies.map((r) => r.id)).toEqual([frankReply]);
    expect((await getPost(frankPost)).comment_count).toBe(1);
    expect(await postCount()).toBe(1);
    expect((await community(place.id)).member_count).toBe(1);
    expect(await h.models.Comment.countDocuments({ author_id: new Types.ObjectId(eve.id) })).toBe(
      0,
    );
  });
});

describe('catch-up', () => {
  it('applies a deletion published while forum was down when it starts again', async () => {
    const [gina, hal] = await Promise.all([h.user(), h.user()]);
    await known(h, gina, hal);
    const place = await newCommunity(h, hal);
    await join(h, gina, place.id);
    const post = (await newPost(h, gina, place.id)).id;
    const members = (await community(place.id)).member_count;

    await service.stop();
    const event = deletion(gina, false);
    await publishEvent(h.nc.jetstream(), Subjects.UserDeleted, event);
    expect(await processed(event)).toBe(false);
    service = await startServiceOn(h);
    await waitFor(() => processed(event), { what: 'caught up', timeoutMs: 30_000 });

    expect((await getPost(post)).author_username).toBe(DELETED_AUTHOR);
    expect((await community(place.id)).member_count).toBe(members - 1);
    expect(await marksOf(gina)).toEqual(NO_MARKS);
  });
});
