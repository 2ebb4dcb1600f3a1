import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Types } from 'mongoose';
import { waitFor } from '@forum/service-kit/testing';
import { startServiceOn } from './test-support/service.js';
import { DELETE_BATCH } from '@forum/service-kit';
import { resumeDeletions } from './use-cases/resume-deletions.js';
import { HIDDEN_MAX_AGE_MS } from './use-cases/shared/hidden.js';
import { crashOnce } from './test-support/crash.js';
import { startHarness, textPost, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';

// Issue 24: a delete marks its target and records a tombstone in one transaction, hides it (and
// all under it) from every read at once, then removes the children in batches. A crash mid-way
// leaves nothing visible; the owner's DELETE again, the start-up resume or the sweep finishes it.

let h: Harness;
let owner: TestUser;
let member: TestUser;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user();
  member = await h.user();
});
afterAll(async () => h?.stop());
afterEach(() => {
  vi.restoreAllMocks();
});

const oid = (id: string) => new Types.ObjectId(id);

/** A post by `owner` in a community `member` joined, with everything that hangs off a post. */
async function busyPost(community?: string) {
  const base = community
    ? { community, post: await createPost(community), title: '' }
    : await communityWithPost(h, owner);
  await h.call('POST', `/api/communities/${base.community}/join`, { as: member });
  const top = await comment(h, member, base.post);
  const reply = await comment(h, owner, base.post, top.id);
  for (const [method, path, body] of [
    ['POST', `/api/posts/${base.post}/vote`, { vote_type: 1 }],
    ['POST', `/api/posts/${base.post}/reactions`, { reaction_type: 'heart' }],
    ['POST', `/api/posts/${base.post}/save`, undefined],
    ['POST', `/api/post-subscriptions/${base.post}`, undefined],
    ['POST', `/api/comments/${reply.id}/vote`, { vote_type: 1 }],
    ['POST', `/api/comments/${reply.id}/save`, undefined],
  ] as const) {
    const res = await h.call(method, path, { as: member, ...(body ? { body } : {}) });
    expect(res.status, `${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  }
  return { ...base, comments: [top.id, reply.id] };
}

async function createPost(community: string): Promise<string> {
  const res = await h.call('POST', '/api/posts', { as: owner, body: textPost(community) });
  expect(res.status).toBe(201);
  return (res.body as { post: { id: string } }).post.id;
}

const ids = (body: unknown, key: 'posts' | 'comments' | 'communities') =>
  ((body as Record<string, { id: string }[]>)[key] ?? []).map((x) => x.id);

/** What is left of a post in every collection that hangs off it. */
async function leftOf(post: string): Promise<number[]> {
  const byPost = { post_id: oid(post) };
  const m = h.models;
  return Promise.all([
    m.Post.countDocuments({ _id: oid(post) }),
    m.Comment.countDocuments(byPost),
    m.CommentVote.countDocuments(byPost),
    m.CommentSave.countDocuments(byPost),
    m.PostVote.countDocuments(byPost),
    m.PostReaction.countDocuments(byPost),
    m.PostSave.countDocuments(byPost),
    m.PostSubscription.countDocuments(byPost),
  ]);
}
const NOTHING = [0, 0, 0, 0, 0, 0, 0, 0];

/** The read paths that show the post or one of its comments (all of them before a delete). */
async function shownAt(post: string, community: string, comments: string[]): Promise<string[]> {
  const shown: string[] = [];
  const read = async (path: string) => {
    const res = await h.call('GET', path, { as: member });
    expect([200, 404], `${path}: ${JSON.stringify(res.body)}`).toContain(res.status);
    return res;
  };
  if ((await read(`/api/posts/${post}`)).status === 200) shown.push('post');
  for (const path of [
    '/api/posts?limit=100',
    `/api/posts?community_id=${community}&limit=100`,
    `/api/posts?author_id=${owner.id}&limit=100`,
    '/api/posts?feed=joined&limit=100',
    '/api/posts/saved/my?limit=50',
  ]) {
    if (ids((await read(path)).body, 'posts').includes(post)) shown.push(path);
  }
  for (const id of comments) {
    if ((await read(`/api/comments/${id}`)).status === 200) shown.push(`comment ${id}`);
  }
  for (const path of [
    `/api/auth/user/${member.username}/comments?limit=50`,
    `/api/auth/user/${owner.username}/comments?limit=50`,
    '/api/comments/saved/my?limit=50',
  ]) {
    const listed = ids((await read(path)).body, 'comments');
    if (comments.some((id) => listed.includes(id))) shown.push(path);
  }
  return shown;
}
const EVERYWHERE = 11;

/** Hidden from every read path, and nothing new lands under it. */
async function expectPostHidden(post: string, community: string, comments: string[]) {
  expect(await shownAt(post, community, comments)).toEqual([]);
  const vote = await h.call('POST', `/api/posts/${post}/vote`, {
    as: member,
    body: { vote_type: -1 },
  });
  expect(vote.status).toBe(404);
  const reply = await h.call('POST', '/api/comments', {
    as: member,
    body: { content: 'late', post_id: post },
  });
  expect(reply.status).toBe(404);
}

describe('deleting a post', () => {
  it('crashed mid-cascade: hidden everywhere meanwhile, the author’s retry finishes it', async () => {
    const { post, community, comments } = await busyPost();
    expect(await shownAt(post, community, comments)).toHaveLength(EVERYWHERE);
    const postCount = async () => (await h.models.Community.findById(community).lean())?.post_count;
    expect(await postCount()).toBe(1);

    crashOnce(h.models.CommentVote, 'deleteMany');
    expect((await h.call('DELETE', `/api/posts/${post}`, { as: owner })).status).toBe(500);
    expect((await leftOf(post)).some((n) => n > 0)).toBe(true);
    await expectPostHidden(post, community, comments);
    expect(await postCount()).toBe(0);
    // Someone else cannot see it to delete it.
    expect((await h.call('DELETE', `/api/posts/${post}`, { as: member })).status).toBe(404);

    const retry = await h.call('DELETE', `/api/posts/${post}`, { as: owner });
    expect(retry.status, JSON.stringify(retry.body)).toBe(200);
    expect(await leftOf(post)).toEqual(NOTHING);
    expect(await h.models.Deletion.countDocuments({ _id: oid(post) })).toBe(0);
    expect(await postCount()).toBe(0);
    // Once done, it is simply gone.
    expect((await h.call('DELETE', `/api/posts/${post}`, { as: owner })).status).toBe(404);
  });

  it(`removes children ${DELETE_BATCH} at a time, however many there are`, async () => {
    const { post } = await busyPost();
    const many = Math.round(DELETE_BATCH * 2.5);
    await h.models.CommentVote.insertMany(
      Array.from({ length: many }, () => ({
        comment_id: new Types.ObjectId(),
        post_id: oid(post),
        user_id: new Types.ObjectId(),
        vote_type: 1,
        created_at: new Date(),
      })),
    );
    const deletes = vi.spyOn(h.models.CommentVote, 'deleteMany');
    expect((await h.call('DELETE', `/api/posts/${post}`, { as: owner })).status).toBe(200);
    const sizes = deletes.mock.calls.map(
      ([filter]) => (filter as unknown as { _id: { $in: unknown[] } })._id.$in.length,
    );
    expect(sizes).toEqual([DELETE_BATCH, DELETE_BATCH, many + 1 - 2 * DELETE_BATCH]);
    expect(await leftOf(post)).toEqual(NOTHING);
  });
});

describe('deleting a community', () => {
  it('crashed mid-cascade: hidden everywhere meanwhile, finished by the next start-up', async () => {
    const first = await busyPost();
    const { community } = first;
    const second = await busyPost(community);
    expect(await shownAt(second.post, community, second.comments)).toHaveLength(EVERYWHERE);
    crashOnce(h.models.Post, 'deleteMany');
    expect((await h.call('DELETE', `/api/communities/${community}`, { as: owner })).status).toBe(
      500,
    );

    for (const path of [
      `/api/communities/id/${community}`,
      `/api/communities/${community}/members`,
    ]) {
      expect((await h.call('GET', path, { as: member })).status, path).toBe(404);
    }
    const name = (await h.models.Community.findById(community).lean())!.name;
    expect((await h.call('GET', `/api/communities/name/${name}`)).status).toBe(404);
    for (const path of ['/api/communities?limit=100', '/api/communities/my']) {
      const res = await h.call('GET', path, { as: member });
      expect(ids(res.body, 'communities'), path).not.toContain(community);
    }
    const admin = await h.user(undefined, { isAdmin: true });
    const adminList = await h.call('GET', '/api/admin/communities', { as: admin });
    expect(ids(adminList.body, 'communities')).not.toContain(community);
    for (const { post, comments } of [first, second]) {
      await expectPostHidden(post, community, comments);
    }
    expect((await h.call('POST', `/api/communities/${community}/join`, { as: admin })).status).toBe(
      404,
    );
    const late = await h.call('POST', '/api/posts', { as: owner, body: textPost(community) });
    expect(late.status).toBe(404);

    // A sweep leaves a delete that is still moving alone; the next start-up resumes it.
    const deps = { models: h.models, media: h.media };
    expect(await resumeDeletions(deps, { stalledForMs: 60_000 })).toBe(0);
    const restarted = await startServiceOn(h);
    try {
      await waitFor(async () => (await h.models.Deletion.countDocuments({})) === 0);
    } finally {
      await restarted.stop();
    }
    for (const { post } of [first, second]) expect(await leftOf(post)).toEqual(NOTHING);
    expect(await h.models.Community.countDocuments({ _id: oid(community) })).toBe(0);
    expect(await h.models.Membership.countDocuments({ community_id: oid(community) })).toBe(0);
  });

  it('the creator’s DELETE again resumes it; a stalled one is taken over by the sweep', async () => {
    const { community, post, comments } = await busyPost();
    // A report and an appeal in its queues: they go with it.
    const report = await h.call('POST', `/api/posts/${post}/report`, {
      as: member,
      body: { reason: 'Spam' },
    });
    expect(report.status).toBe(201);
    await h.call('POST', `/api/comments/${comments[0]}/remove`, {
      as: owner,
      body: { reason: 'Rude' },
    });
    const removal = await h.models.ModlogEntry.findOne({ target_id: oid(comments[0]!) }).lean();
    const appeal = await h.call('POST', '/api/appeals', {
      as: member,
      body: { modlog_id: removal!._id.toHexString(), text: 'Why?' },
    });
    expect(appeal.status).toBe(201);
    crashOnce(h.models.Membership, 'find');
    expect((await h.call('DELETE', `/api/communities/${community}`, { as: owner })).status).toBe(
      500,
    );
    expect((await h.call('DELETE', `/api/communities/${community}`, { as: member })).status).toBe(
      404,
    );
    const retry = await h.call('DELETE', `/api/communities/${community}`, { as: owner });
    expect(retry.status).toBe(200);
    expect(await leftOf(post)).toEqual(NOTHING);
    const byCommunity = { community_id: oid(community) };
    expect(await h.models.Membership.countDocuments(byCommunity)).toBe(0);
    expect(await h.models.Report.countDocuments(byCommunity)).toBe(0);
    expect(await h.models.Appeal.countDocuments(byCommunity)).toBe(0);

    const stalled = await busyPost();
    crashOnce(h.models.PostSave, 'find');
    expect(
      (await h.call('DELETE', `/api/communities/${stalled.community}`, { as: owner })).status,
    ).toBe(500);
    await h.models.Deletion.updateOne(
      { _id: oid(stalled.community) },
      { $set: { heartbeat_at: new Date(Date.now() - 10 * 60_000) } },
    );
    expect(
      await resumeDeletions({ models: h.models, media: h.media }, { stalledForMs: 60_000 }),
    ).toBe(1);
    expect(await leftOf(stalled.post)).toEqual(NOTHING);
    expect(await h.models.Deletion.countDocuments({})).toBe(0);
  });
});

describe('a delete another process started', () => {
  it(`leaves this process's lists and post pages within HIDDEN_MAX_AGE_MS (${HIDDEN_MAX_AGE_MS} ms)`, async () => {
    const { post, community } = await communityWithPost(h, owner);
    const listed = async () =>
      ids((await h.call('GET', `/api/posts?community_id=${community}&limit=100`)).body, 'posts');
    // This read of the deletes in progress is kept for the lists that follow.
    expect(await listed()).toContain(post);
    // The tombstone another replica's delete records (its transaction marks the community too).
    const now = new Date();
    await h.models.Deletion.create({
      _id: oid(community),
      kind: 'community',
      requested_by: oid(owner.id),
      started_at: now,
      heartbeat_at: now,
    });
    // A write reads the deletes itself: nothing lands in the community from now on.
    const vote = await h.call('POST', `/api/posts/${post}/vote`, {
      as: owner,
      body: { vote_type: 1 },
    });
    expect(vote.status).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + HIDDEN_MAX_AGE_MS);
      expect(await listed()).not.toContain(post);
      // The post's own reads (its page, its comments) go by the same copy as the lists.
      for (const path of [`/api/posts/${post}`, `/api/comments/post/${post}?sortBy=best`]) {
        expect((await h.call('GET', path)).status, path).toBe(404);
      }
    } finally {
      vi.useRealTimers();
      await h.models.Deletion.deleteOne({ _id: oid(community) });
    }
  });
});
