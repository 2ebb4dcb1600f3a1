import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec } from 'nats';
import {
  CommentPageResponse,
  CommentThreadsResponse,
  ListPostsResponse,
  POST_SORTS,
  PostResponse,
  Subjects,
  createEvent,
  type Comment,
  type EventOf,
} from '@forum/contracts';
import {
  PROCESSED_EVENTS_COLLECTION,
  publishEvent,
  type RunningConsumer,
  applyBlockChanged,
  startBlockConsumer,
} from '@forum/service-kit';
import { captureLogs, waitFor } from '@forum/service-kit/testing';
import { BLOCKS_DURABLE } from './events/streams.js';
import { SITE_POSTS } from './models/post-totals.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { join, known, newComment, newCommunity, newPost, ok } from './test-support/moderation.js';
import { searchComments, searchPosts, uniqueWord } from './test-support/search.js';

/**
 * EXTENSIONS §B1 on forum's reads: identity.block.changed (published here through the real
 * nats-server) fills the blocks replica; the blocker's post lists (home, feed, community in every
 * sort and page, profile, saved, search) leave the blocked author's posts out with totals that
 * drop by exactly those; the blocked author's comments come flagged to the blocker alone; other
 * readers and visitors see no change; only newer events change a pair.
 */
let h: Harness;
let consumer: RunningConsumer;
let blocker: TestUser;
let blocked: TestUser;
let other: TestUser;
let bystander: TestUser;
const word = uniqueWord('zblk');
/** The joined community (c1), one the blocker did not join (c2). */
const c = { one: '', two: '' };
const posts = { other: [] as string[], blocked: [] as string[] };
/** On the other author's post: the blocked user's top-level comment, the other's, a reply. */
const comments = { blockedTop: '', otherTop: '', blockedReply: '' };
let threadPost = '';
let seq = 0;
const T0 = Date.UTC(2026, 5, 1);

type BlockChanged = EventOf<typeof Subjects.BlockChanged>;
const blockEvent = (isBlocked: boolean, version: number, who = { blocker, blocked }) =>
  createEvent(Subjects.BlockChanged, {
    blocker_id: who.blocker.id,
    blocked_id: who.blocked.id,
    blocked: isBlocked,
    block_version: version,
    changed_at: new Date(T0 + version * 1000).toISOString(),
  });

const processed = (event: BlockChanged) =>
  h.conn.collection(PROCESSED_EVENTS_COLLECTION).countDocuments({ event_id: event.id });

/** Publishes `event` and waits until the consumer has handled it (applied or found stale). */
async function deliver(event: BlockChanged): Promise<void> {
  await publishEvent(h.nc.jetstream(), Subjects.BlockChanged, event);
  await waitFor(async () => (await processed(event)) === 1);
}

const pair = () =>
  h.models.Block.findOne({ blocker_id: blocker.id, blocked_id: blocked.id }).lean();

const list = async (path: string, as?: TestUser) =>
  ListPostsResponse.parse(await ok(h, 200, 'GET', path, as ? { as } : {}));
const ids = (page: { posts: { id: string }[] }) => page.posts.map((p) => p.id);

/** Every list a reader sees, by name: post ids and totals. */
async function lists(as?: TestUser) {
  const out: Record<string, { ids: string[]; total: number }> = {};
  const take = (name: string, page: { posts: { id: string }[]; pagination: { total: number } }) => {
    out[name] = { ids: ids(page), total: page.pagination.total };
  };
  take('home', await list('/api/posts?limit=100', as));
  take('community', await list(`/api/posts?community_id=${c.one}&limit=100`, as));
  take('profile', await list(`/api/auth/user/${blocked.username}/posts?limit=100`, as));
  take('search', await searchPosts(h, { q: word, limit: 50 }, as));
  if (as) {
    take('feed', await list('/api/posts?feed=joined&limit=100', as));
    take('saved', await list('/api/posts/saved/my?limit=100', as));
  }
  return out;
}

beforeAll(async () => {
  h = await startHarness();
  const { logger } = captureLogs('svc-forum-test', 'warn');
  consumer = await startBlockConsumer({
    js: h.nc.jetstream(),
    conn: h.conn,
    logger,
    Block: h.models.Block,
    durable: BLOCKS_DURABLE,
  });
  [blocker, blocked, other, bystander] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
  ];
  await known(h, blocker, blocked, other, bystander);
  c.one = (await newCommunity(h, other)).id;
  c.two = (await newCommunity(h, other)).id;
  for (const u of [blocker, blocked, bystander]) await join(h, u, c.one);
  await join(h, blocked, c.two);
  const title = () => `${word} post ${++seq}`;
  for (let i = 0; i < 3; i++) {
    posts.other.push((await newPost(h, other, c.one, title())).id);
    posts.blocked.push((await newPost(h, blocked, c.one, title())).id);
  }
  posts.blocked.push((await newPost(h, blocked, c.two, title())).id);
  threadPost = posts.other[0]!;
  comments.blockedTop = (await newComment(h, blocked, threadPost, `${word} from blocked`)).id;
  comments.otherTop = (await newComment(h, other, threadPost, `${word} from other`)).id;
  const reply = await ok(h, 201, 'POST', '/api/comments', {
    as: blocked,
    body: { content: 'a reply', post_id: threadPost, parent_id: comments.otherTop },
  });
  comments.blockedReply = (reply as { comment: Comment }).comment.id;
  for (const u of [blocker, bystander]) {
    for (const post of [posts.other[1]!, posts.blocked[1]!]) {
      await ok(h, 200, 'POST', `/api/posts/${post}/save`, { as: u });
    }
    await ok(h, 200, 'POST', `/api/comments/${comments.blockedTop}/save`, { as: u });
  }
}, 120_000);
afterAll(async () => {
  await consumer?.stop();
  await h?.stop();
});

describe('blocked authors in the blocker’s reads (EXTENSIONS §B1)', () => {
  let before: { blocker: Awaited<ReturnType<typeof lists>>; bystander: typeof before.blocker };
  let visitorBefore: Awaited<ReturnType<typeof lists>>;

  it('before any block, every list shows the author’s posts', async () => {
    // The counters are there: the totals below are a counter less the blocked authors' posts.
    expect(await h.models.PostTotals.exists({ _id: SITE_POSTS })).not.toBeNull();
    before = { blocker: await lists(blocker), bystander: await lists(bystander) };
    visitorBefore = await lists();
    expect(before.blocker.home!.ids).toEqual(expect.arrayContaining(posts.blocked));
    expect(before.blocker.profile!.total).toBe(4);
    expect(before.blocker.search!.total).toBe(7);
    expect(before.blocker.feed!.ids).toEqual(expect.arrayContaining(posts.blocked.slice(0, 3)));
    expect(before.blocker.saved!.ids).toContain(posts.blocked[1]);
  });

  it('a block event takes them out of every list of the blocker, totals by exactly those', async () => {
    await deliver(blockEvent(true, 1));
    expect(await pair()).toMatchObject({ blocked: true, version: 1 });
    const after = await lists(blocker);
    const out = new Set(posts.blocked);
    for (const [name, page] of Object.entries(after)) {
      expect(
        page.ids.filter((id) => out.has(id)),
        name,
      ).toEqual([]);
      // What is left is what was there less the blocked author's posts, in the same order.
      expect(page.ids, name).toEqual(before.blocker[name]!.ids.filter((id) => !out.has(id)));
    }
    expect(after.home!.total).toBe(before.blocker.home!.total - 4);
    expect(after.community!.total).toBe(before.blocker.community!.total - 3);
    expect(after.feed!.total).toBe(before.blocker.feed!.total - 3);
    expect(after.search!.total).toBe(before.blocker.search!.total - 4);
    expect(after.profile).toEqual({ ids: [], total: 0 });
    // Saved: the page leaves it out; the total counts the saves (see list-saved-posts.ts).
    expect(after.saved!.ids).toEqual([posts.other[1]]);
    // Others and visitors: nothing changed.
    expect(await lists(bystander)).toEqual(before.bystander);
    expect(await lists()).toEqual(visitorBefore);
  });

  it('every sort and page of a community leaves them out, and the pages add up', async () => {
    for (const sort of POST_SORTS) {
      const seen: string[] = [];
      let total = -1;
      for (let offset = 0; offset < 6; offset += 2) {
        const page = await list(
          `/api/posts?community_id=${c.one}&sort=${sort}&limit=2&offset=${offset}`,
          blocker,
        );
        seen.push(...ids(page));
        total = page.pagination.total;
        expect(page.pagination.hasMore, `${sort} ${offset}`).toBe(offset + 2 < total);
      }
      expect(seen.sort(), sort).toEqual([...posts.other].sort());
      expect(total).toBe(3);
    }
  });

  it('one read of the blocks per signed-in list; visitors pay none', async () => {
    const queries: string[] = [];
    h.conn.set('debug', (collection: string, method: string) => {
      queries.push(`${collection}.${method}`);
    });
    const blockReads = async (path: string, as?: TestUser) => {
      queries.length = 0;
      await ok(h, 200, 'GET', path, as ? { as } : {});
      return queries.filter((q) => q.startsWith('blocks.'));
    };
    try {
      for (const path of [`/api/posts?community_id=${c.one}`, `/api/comments/post/${threadPost}`]) {
        expect(await blockReads(path), path).toEqual([]);
        expect(await blockReads(path, bystander), path).toEqual(['blocks.find']);
        expect(await blockReads(path, blocker), path).toEqual(['blocks.find']);
      }
    } finally {
      h.conn.set('debug', false);
    }
  });

  it('a single post by the blocked author stays reachable', async () => {
    const body = await ok(h, 200, 'GET', `/api/posts/${posts.blocked[0]}`, { as: blocker });
    expect(PostResponse.parse(body).post.id).toBe(posts.blocked[0]);
  });

  it('their comments come flagged to the blocker only: thread, more replies, profile, saved', async () => {
    const thread = async (as: TestUser) =>
      CommentThreadsResponse.parse(
        await ok(h, 200, 'GET', `/api/comments/post/${threadPost}?limit=50`, { as }),
      ).comments;
    const flags = (cs: Comment[]) => Object.fromEntries(cs.map((x) => [x.id, x.author_blocked]));

    const mine = await thread(blocker);
    expect(flags(mine)).toEqual({ [comments.blockedTop]: true, [comments.otherTop]: undefined });
    const withReply = mine.find((x) => x.id === comments.otherTop) as Comment & {
      replies: Comment[];
    };
    expect(flags(withReply.replies)).toEqual({ [comments.blockedReply]: true });
    // Content still sent (the client collapses it and can expand it).
    expect(mine.find((x) => x.id === comments.blockedTop)!.content).toBe(`${word} from blocked`);
    const replies = CommentThreadsResponse.parse(
      await ok(h, 200, 'GET', `/api/comments/${comments.otherTop}/replies`, { as: blocker }),
    ).comments;
    expect(flags(replies)).toEqual({ [comments.blockedReply]: true });
    const profile = CommentPageResponse.parse(
      await ok(h, 200, 'GET', `/api/auth/user/${blocked.username}/comments?limit=50`, {
        as: blocker,
      }),
    ).comments;
    expect(profile.map((x) => x.author_blocked)).toEqual([true, true]);
    const saved = CommentPageResponse.parse(
      await ok(h, 200, 'GET', '/api/comments/saved/my', { as: blocker }),
    ).comments;
    expect(flags(saved)).toEqual({ [comments.blockedTop]: true });

    // The raw JSON has no field at all for anyone else.
    for (const as of [bystander, other]) {
      const raw = await ok(h, 200, 'GET', `/api/comments/post/${threadPost}`, { as });
      expect(JSON.stringify(raw)).not.toContain('author_blocked');
    }
    const visitor = await h.call('GET', `/api/comments/post/${threadPost}`);
    expect(JSON.stringify(visitor.body)).not.toContain('author_blocked');
  });

  it('comment search leaves their comments out for the blocker alone', async () => {
    const forBlocker = await searchComments(h, { q: word }, blocker);
    expect(forBlocker.comments.map((x) => x.id)).toEqual([comments.otherTop]);
    expect(forBlocker.pagination.total).toBe(1);
    const forBystander = await searchComments(h, { q: word }, bystander);
    expect(forBystander.pagination.total).toBe(2);
  });

  it('a redelivery changes nothing, as the same event replayed under a new id', async () => {
    const row = await pair();
    // The same change under a new id (a replay the processed-event guard cannot know).
    const event = blockEvent(true, 1);
    await deliver(event);
    // The same message past JetStream's de-duplication: the processed-event guard skips it.
    await h.nc.jetstream().publish(Subjects.BlockChanged, JSONCodec().encode(event));
    // Handled in order: once this one is, the copy before it was too.
    await deliver(blockEvent(true, 1, { blocker: other, blocked: bystander }));
    expect(await pair()).toEqual(row);
    expect(await h.models.Block.countDocuments({ blocker_id: blocker.id })).toBe(1);
    expect((await lists(blocker)).home!.total).toBe(before.blocker.home!.total - 4);
  });

  it('an unblock (newer) brings everything back; an older event after it changes nothing', async () => {
    await deliver(blockEvent(false, 3));
    expect(await pair()).toMatchObject({ blocked: false, version: 3 });
    expect(await lists(blocker)).toEqual(before.blocker);
    // Version 2 (the block between) arrives late.
    await deliver(blockEvent(true, 2));
    expect(await pair()).toMatchObject({ blocked: false, version: 3 });
    expect(await lists(blocker)).toEqual(before.blocker);
    const raw = await ok(h, 200, 'GET', `/api/comments/post/${threadPost}`, { as: blocker });
    expect(JSON.stringify(raw)).not.toContain('author_blocked');
  });

  it('blocked again (version 4), an equal version changes nothing', async () => {
    await deliver(blockEvent(true, 4));
    expect(await pair()).toMatchObject({ blocked: true, version: 4 });
    await deliver(blockEvent(false, 4));
    expect(await pair()).toMatchObject({ blocked: true, version: 4 });
    expect((await lists(blocker)).home!.total).toBe(before.blocker.home!.total - 4);
  });

  it('two first events of a pair at once converge on the newer', async () => {
    const [a, b] = [await h.user(), await h.user()];
    const older = blockEvent(true, 1, { blocker: a, blocked: b });
    const newer = blockEvent(false, 2, { blocker: a, blocked: b });
    // Straight to the use case, at once (the consumer handles one message at a time).
    await Promise.all([
      applyBlockChanged(h.models.Block, newer),
      applyBlockChanged(h.models.Block, older),
    ]);
    const rows = await h.models.Block.find({ blocker_id: a.id }).lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ blocked: false, version: 2 });
  });
});
