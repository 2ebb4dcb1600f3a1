import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ListPostsResponse, POST_SORTS } from '@forum/contracts';
import { Types } from 'mongoose';
import { startServiceOn } from './test-support/service.js';
import { postListQuery, type PostListScope } from './domain/post-list-query.js';
import { visiblePosts } from './domain/hidden-filter.js';
import { POST_COUNTS_VERSION, SITE_POSTS } from './models/post-totals.js';
import { loadHidden } from './use-cases/shared/hidden.js';
import { loadViewer, removedSeenBy } from './use-cases/shared/load-viewer.js';
import { backfillPostCounts } from './use-cases/backfill-post-counts.js';
import { crashOnce } from './test-support/crash.js';
import { appeal, decide } from './test-support/reports.js';
import { appoint, join, known, newCommunity, newPost, ok } from './test-support/moderation.js';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';

/**
 * Issue 17: list totals come from counters the writes keep (use-cases/shared/move-post-counts.ts),
 * not from a count per page. After a mixed workload through the real routes, every list's total
 * is what a count over the list's own filter says, and the number of posts it lists, for every
 * kind of reader; a database without the counters gets them at start-up.
 */
let h: Harness;
let admin: TestUser;
let owner: TestUser;
let nsfwOwner: TestUser;
let moderator: TestUser;
let author: TestUser;
let member: TestUser;
/** A plain community, an NSFW one, one deleted, and one whose delete stopped half-way. */
const c = { plain: '', nsfw: '', gone: '', stalled: '' };

const oid = (id: string) => new Types.ObjectId(id);
const remove = (by: TestUser, post: string) =>
  ok(h, 200, 'POST', `/api/posts/${post}/remove`, { as: by, body: { reason: 'Off topic' } });

beforeAll(async () => {
  h = await startHarness();
  admin = await h.user('admin', { isAdmin: true });
  [owner, nsfwOwner, moderator, author, member] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
  ];
  await known(h, admin, owner, nsfwOwner, moderator, author, member);
  c.plain = (await newCommunity(h, owner)).id;
  c.nsfw = (await newCommunity(h, nsfwOwner, { is_nsfw: true })).id;
  c.gone = (await newCommunity(h, owner)).id;
  c.stalled = (await newCommunity(h, owner)).id;
  await appoint(h, owner, c.plain, moderator);
  for (const id of Object.values(c)) {
    await join(h, author, id);
    await join(h, member, id);
  }
  await workload();
}, 120_000);
afterAll(async () => {
  vi.restoreAllMocks();
  await h?.stop();
});

async function workload(): Promise<void> {
  const plain = [];
  for (let i = 0; i < 6; i++) plain.push((await newPost(h, author, c.plain)).id);
  // Concurrent creates in one community: each moves the same counters.
  const burst = await Promise.all(
    Array.from({ length: 8 }, (_, i) => newPost(h, i % 2 ? author : member, c.plain)),
  );
  const nsfw = [];
  for (let i = 0; i < 4; i++) nsfw.push((await newPost(h, author, c.nsfw)).id);
  for (const id of [c.gone, c.stalled]) {
    for (let i = 0; i < 3; i++) await newPost(h, author, id);
  }
  await remove(owner, plain[0]!);
  await remove(moderator, plain[1]!);
  await remove(owner, burst[0]!.id);
  await ok(h, 200, 'POST', `/api/posts/${plain[1]}/restore`, { as: owner, body: {} });
  await remove(nsfwOwner, nsfw[0]!);
  // Removed, appealed, overturned by the other moderator: back in the lists.
  await remove(owner, plain[2]!);
  const removal = await h.models.Post.findById(plain[2]).lean();
  const filed = await appeal(h, author, removal!.removal_modlog_id!.toHexString());
  expect((await decide(h, moderator, filed.id, 'overturn')).status).toBe(200);
  // Deleted by their author: one visible, one removed.
  await ok(h, 200, 'DELETE', `/api/posts/${plain[3]}`, { as: author });
  await ok(h, 200, 'DELETE', `/api/posts/${plain[0]}`, { as: author });
  await ok(h, 200, 'DELETE', `/api/posts/${nsfw[1]}`, { as: author });
  await ok(h, 200, 'DELETE', `/api/communities/${c.gone}`, { as: owner });
  // A delete that stopped after its first transaction: hidden, its documents still there.
  crashOnce(h.models.Post, 'find');
  expect((await h.call('DELETE', `/api/communities/${c.stalled}`, { as: owner })).status).toBe(500);
  await ok(h, 200, 'POST', `/api/posts/${plain[4]}/save`, { as: member });
}

/** What a count over the list's own filter (the one its page query uses) says. */
async function counted(scope: Omit<PostListScope, 'visitor'>, as?: TestUser): Promise<number> {
  const [viewer, hidden] = await Promise.all([loadViewer(h.models, as), loadHidden(h.models)]);
  const { filter } = postListQuery(
    { ...scope, visitor: !as, removedSeen: removedSeenBy(viewer) },
    'new',
  );
  const visible = visiblePosts(filter, hidden);
  return visible ? h.models.Post.countDocuments(visible) : 0;
}

async function joinedBy(user: TestUser): Promise<Types.ObjectId[]> {
  const rows = await h.models.Membership.find({ user_id: oid(user.id) }).lean();
  return rows.map((m) => m.community_id);
}

/** Each list a reader may open, with its scope. */
async function listsOf(as?: TestUser): Promise<[string, Omit<PostListScope, 'visitor'>][]> {
  const lists: [string, Omit<PostListScope, 'visitor'>][] = [['/api/posts?', {}]];
  for (const id of Object.values(c)) {
    lists.push([`/api/posts?community_id=${id}&`, { communityId: oid(id) }]);
  }
  lists.push([`/api/auth/user/${author.username}/posts?`, { authorId: oid(author.id) }]);
  if (as) {
    lists.push(['/api/posts?feed=joined&', { communityIds: await joinedBy(as) }]);
    lists.push(['/api/auth/me/posts?', { authorId: oid(as.id) }]);
  }
  return lists;
}

/** One list for one reader: its total on every sort, and on a later page. */
async function expectRightTotal(
  who: string,
  as: TestUser | undefined,
  path: string,
  scope: Omit<PostListScope, 'visitor'>,
): Promise<void> {
  const expected = await counted(scope, as);
  const sortParam = path.includes('/auth/') ? 'sortBy' : 'sort';
  await Promise.all(
    POST_SORTS.map(async (sort) => {
      const res = await h.call('GET', `${path}${sortParam}=${sort}&limit=100`, {
        ...(as ? { as } : {}),
      });
      expect(res.status, `${who} ${path}`).toBe(200);
      const { posts, pagination } = ListPostsResponse.parse(res.body);
      expect(pagination, `${who} ${path} ${sort}`).toEqual({ total: expected, hasMore: false });
      expect(posts).toHaveLength(expected);
    }),
  );
  if (expected > 3) {
    const res = await h.call('GET', `${path}limit=2&offset=1`, { ...(as ? { as } : {}) });
    const { pagination } = ListPostsResponse.parse(res.body);
    expect(pagination, `${who} ${path} page`).toEqual({ total: expected, hasMore: true });
  }
}

/** Every reader's every list, read at once: nothing writes meanwhile (sequential reads took 30 s on a loaded machine). */
async function expectRightTotals(): Promise<void> {
  const readers: [string, TestUser | undefined][] = [
    ['visitor', undefined],
    ['member', member],
    ['author', author],
    ['moderator', moderator],
    ['NSFW community owner', nsfwOwner],
    ['admin', admin],
  ];
  await Promise.all(
    readers.map(async ([who, as]) => {
      for (const [path, scope] of await listsOf(as)) await expectRightTotal(who, as, path, scope);
    }),
  );
}

describe('post list totals from counters', () => {
  it('match a count over each list’s filter for every reader after a mixed workload', async () => {
    // The workload left something in each case the counters follow.
    expect(await counted({ communityId: oid(c.plain) })).toBe(6 + 8 - 2 - 1);
    expect(await counted({ communityId: oid(c.plain) }, admin)).toBe(6 + 8 - 2);
    expect(await counted({ communityId: oid(c.nsfw) }, member)).toBe(4 - 1 - 1);
    expect(await counted({ communityId: oid(c.stalled) }, admin)).toBe(0);
    await expectRightTotals();
  });

  it('the counters hold each community’s posts, and the site’s sum over the live ones', async () => {
    const communities = await h.models.Community.find({}).lean();
    for (const community of communities.filter((x) => !x.deleting)) {
      const live = { community_id: community._id, deleting: { $ne: true } };
      expect(community.post_count).toBe(await h.models.Post.countDocuments(live));
      expect(community.removed_post_count).toBe(
        await h.models.Post.countDocuments({ ...live, removed: true }),
      );
    }
    expect(await h.models.PostTotals.findById(SITE_POSTS).lean()).toMatchObject({
      posts: 12 + 3,
      removed: 1 + 1,
      nsfw_posts: 3,
      nsfw_removed: 1,
    });
  });

  it('the community page, the feed and home answer from the counters, not a count', async () => {
    const total = async (path: string, as?: TestUser) =>
      ListPostsResponse.parse((await h.call('GET', path, { ...(as ? { as } : {}) })).body)
        .pagination.total;
    const paths = ['/api/posts', `/api/posts?community_id=${c.plain}`, '/api/posts?feed=joined'];
    const before = await Promise.all(paths.map((p) => total(p, member)));
    // Moved by hand (no post behind it): every one of these totals follows.
    await h.models.Community.updateOne({ _id: c.plain }, { $inc: { post_count: 5 } });
    await h.models.PostTotals.updateOne({ _id: SITE_POSTS }, { $inc: { posts: 5 } });
    try {
      expect(await Promise.all(paths.map((p) => total(p, member)))).toEqual(
        before.map((n) => n + 5),
      );
    } finally {
      await h.models.Community.updateOne({ _id: c.plain }, { $inc: { post_count: -5 } });
      await h.models.PostTotals.updateOne({ _id: SITE_POSTS }, { $inc: { posts: -5 } });
    }
  });

  it('the saved list still counts the caller’s saves', async () => {
    const res = await h.call('GET', '/api/posts/saved/my', { as: member });
    expect(ListPostsResponse.parse(res.body).pagination).toEqual({ total: 1, hasMore: false });
  });

  it('a database without counters is counted once at start-up', async () => {
    // The stalled delete finishes first (the start-up would resume it meanwhile).
    await ok(h, 200, 'DELETE', `/api/communities/${c.stalled}`, { as: owner });
    // A post whose delete stopped after its first transaction: out of the counters, its tombstone
    // left (the recount must leave it out too).
    const doomed = await newPost(h, author, c.plain);
    crashOnce(h.models.Post, 'deleteOne');
    expect((await h.call('DELETE', `/api/posts/${doomed.id}`, { as: author })).status).toBe(500);
    expect(await h.models.Deletion.exists({ _id: oid(doomed.id) })).not.toBeNull();
    await expectRightTotals();
    const counters = () =>
      h.models.Community.find({}, { post_count: 1, removed_post_count: 1 }).sort({ _id: 1 }).lean();
    const before = await counters();
    const site = await h.models.PostTotals.findById(SITE_POSTS).lean();
    // As a database made before the counters: no totals, no removed counters, a stale count.
    await h.models.PostTotals.deleteMany({});
    await h.models.Community.collection.updateMany({}, { $unset: { removed_post_count: '' } });
    await h.models.Community.updateOne({ _id: c.plain }, { $set: { post_count: 999 } });
    // Until then the lists count (nothing is answered from a counter that is not there).
    await expectRightTotals();

    const service = await startServiceOn(h);
    await service.stop();
    expect(await counters()).toEqual(before);
    expect(await h.models.PostTotals.findById(SITE_POSTS).lean()).toEqual({
      ...site,
      version: POST_COUNTS_VERSION,
    });
    await expectRightTotals();
    // Counted once: later start-ups only check.
    expect(await backfillPostCounts({ models: h.models, conn: h.conn })).toBeNull();
    // A whole service start inside the test: more than the default 30 s on a loaded machine.
  }, 120_000);
});
