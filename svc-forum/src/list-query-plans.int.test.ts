import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MODLOG_ACTIONS,
  REPORT_STATUSES,
  COMMENT_SORTS as COMMENT_SORT_NAMES,
  POST_SORTS as POST_SORT_NAMES,
} from '@forum/contracts';
import {
  executionStats,
  explainCount,
  planProblems,
  startDevDb,
  type TestDevDb,
} from '@forum/service-kit/testing';
import { createForumModels, type ForumModels } from './models/index.js';
import { postListQuery, type PostListScope } from './domain/post-list-query.js';
import { pinnedPageSlices, restWindow } from './domain/pinned-page.js';
import {
  AUTHOR_COMMENTS_SORT,
  COMMENT_SORTS,
  authorCommentsFilter,
  commentListFilter,
  repliesOfFilter,
  threadRepliesFilter,
} from './domain/comment-list-query.js';
import {
  visiblePosts,
  visibleComments,
  withoutAuthors,
  type Hidden,
} from './domain/hidden-filter.js';
import { blockedAuthorsPosts } from './use-cases/shared/post-list-total.js';
import type { RemovedSeen } from './domain/removed-filter.js';
import { NOT_DELETING } from './models/deletion.js';
import { SITE_POSTS } from './models/post-totals.js';
import { activeBan } from './models/ban.js';
import { MODLOG_SORT, modlogFilter } from './domain/modlog-query.js';
import { appealQueue, reportQueue } from './domain/queue-query.js';
import {
  AUTHORED_COMMENTS_SORT,
  BY_USER_NEWEST,
  authoredComments,
  authoredPosts,
  byUser,
  notYetAnonymous,
  reportsMadeBy,
} from './domain/account-queries.js';

/**
 * Issue 17: every list query the use cases build runs on a declared index, proven by explain on
 * the embedded dev DB (and on MongoDB through MONGO_URL): no collection scan, no in-memory sort,
 * and no more documents fetched than the page plus the filter's residual. The shapes are those
 * post-indexes.test.ts and comment-indexes.test.ts enumerate; this runs them on data.
 */
type Doc = Record<string, unknown>;

let devdb: TestDevDb;
let conn: Connection;
let models: ForumModels;

const communities = Array.from({ length: 4 }, () => new Types.ObjectId());
const nsfwCommunity = communities[3]!;
const users = Array.from({ length: 5 }, () => new Types.ObjectId());
const POSTS = 800;
const BASE = Date.UTC(2026, 0, 1);
/** A post with many comments, and a thread under it with many replies. */
const bigPost = new Types.ObjectId();
const bigThread = new Types.ObjectId();
const postIds: Types.ObjectId[] = [];

const PAGE = { skip: 0, limit: 20 };
const DEEP = { skip: 40, limit: 20 };

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('plans') }).asPromise();
  models = createForumModels(conn);
  await Promise.all(Object.values(models).map((m: mongoose.Model<never>) => m.createIndexes()));

  const posts: Doc[] = Array.from({ length: POSTS }, (_, i) => {
    const _id = i === 0 ? bigPost : new Types.ObjectId();
    postIds.push(_id);
    const community = communities[i % communities.length]!;
    return {
      _id,
      title: `p${i}`,
      type: 'text',
      community_id: community,
      community_name: `c${i % communities.length}`,
      community_nsfw: community.equals(nsfwCommunity),
      author_id: users[i % users.length],
      author_username: `u${i % users.length}`,
      score: (i * 37) % 101,
      hot: (i * 53) % 997,
      removed: i % 7 === 0,
      pinned: i === 8 || i === 12, // two pinned posts on communities[0]
      pinned_at: new Date(BASE + i),
      created_at: new Date(BASE + i * 1000),
    };
  });
  await models.Post.collection.insertMany(posts as never[]);

  const comments: Doc[] = Array.from({ length: 600 }, (_, i) => ({
    _id: i === 0 ? bigThread : new Types.ObjectId(),
    content: `c${i}`,
    post_id: i < 400 ? bigPost : postIds[i]!,
    // The first 200 are top-level on the big post, the next 200 replies to the first of them.
    container_id: i < 200 ? bigPost : i < 400 ? bigThread : postIds[i]!,
    // The big thread's top-level comment and its 200 replies share its root_id.
    root_id: i === 0 || (i < 400 && i >= 200) ? bigThread : new Types.ObjectId(),
    depth: i < 200 || i >= 400 ? 0 : 1,
    author_id: users[i % users.length],
    community_id: communities[i % communities.length],
    community_name: `c${i % communities.length}`,
    community_nsfw: communities[i % communities.length]!.equals(nsfwCommunity),
    removed: i % 9 === 0,
    score: (i * 31) % 53,
    best: ((i * 17) % 89) / 89,
    created_at: new Date(BASE + i * 1000),
  }));
  await models.Comment.collection.insertMany(comments as never[]);

  await models.Community.collection.insertMany(
    Array.from({ length: 300 }, (_, i) => ({
      _id: i < communities.length ? communities[i] : new Types.ObjectId(),
      name: `c${i}`,
      name_lower: `c${i}`,
      description: 'd',
      rules: 'r',
      created_by: users[0],
      creator_username: 'u0',
      member_count: (i * 13) % 211,
      ...(i % 50 === 1 ? { deleting: true } : {}),
    })) as never[],
  );
  const memberships: Doc[] = [];
  const saves: Doc[] = [];
  const commentSaves: Doc[] = [];
  for (let i = 0; i < 400; i++) {
    const user = users[i % users.length]!;
    const when = new Date(BASE + i * 1000);
    memberships.push({
      community_id: i < 200 ? communities[0] : new Types.ObjectId(),
      user_id: i < 200 ? new Types.ObjectId() : user,
      username: `m${i}`,
      joined_at: when,
    });
    saves.push({ post_id: postIds[i], user_id: user, created_at: when });
    commentSaves.push({
      comment_id: comments[i]!._id,
      post_id: comments[i]!.post_id,
      user_id: user,
      created_at: when,
    });
  }
  await models.Membership.collection.insertMany(memberships as never[]);

  // The moderation lists: 400 of each over the four communities.
  const spread = (i: number) => ({
    community_id: communities[i % communities.length],
    created_at: new Date(BASE + i * 1000),
  });
  await models.ModlogEntry.collection.insertMany(
    Array.from({ length: 400 }, (_, i) => ({
      ...spread(i),
      community_nsfw: communities[i % communities.length]!.equals(nsfwCommunity),
      action: MODLOG_ACTIONS[i % MODLOG_ACTIONS.length],
    })) as never[],
  );
  await models.Report.collection.insertMany(
    Array.from({ length: 400 }, (_, i) => ({
      ...spread(i),
      target_type: 'post',
      target_id: new Types.ObjectId(),
      status: i % 2 ? 'open' : 'closed',
      ...(i % 2 ? {} : { resolved_at: new Date(BASE + i * 2000) }),
    })) as never[],
  );
  await models.Appeal.collection.insertMany(
    Array.from({ length: 400 }, (_, i) => ({
      ...spread(i),
      modlog_id: new Types.ObjectId(),
      status: i % 2 ? 'open' : 'closed',
      ...(i % 2 ? {} : { decided_at: new Date(BASE + i * 2000) }),
    })) as never[],
  );
  await models.Ban.collection.insertMany(
    Array.from({ length: 400 }, (_, i) => ({
      ...spread(i),
      user_id: new Types.ObjectId(),
      // Permanent and timed bans (expired ones the TTL index removes).
      expires_at: i % 3 ? null : new Date(Date.now() + 86_400_000),
    })) as never[],
  );
  await models.Election.collection.insertMany(
    Array.from({ length: 200 }, (_, i) => ({
      community_id: communities[i % 2],
      started_at: new Date(BASE + i * 1000),
      status: 'closed',
    })) as never[],
  );
  await models.PostSave.collection.insertMany(saves as never[]);
  await models.CommentSave.collection.insertMany(commentSaves as never[]);
  // The site totals (a real server plans a read of a missing collection as EOF, no index).
  await models.PostTotals.collection.insertOne({
    _id: SITE_POSTS,
    posts: POSTS,
    removed: 0,
    nsfw_posts: 0,
    nsfw_removed: 0,
  } as never);
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

interface Shape {
  filter: Doc;
  sort?: Record<string, 1 | -1>;
  page?: { skip: number; limit: number };
  /** Documents the filter may fetch and reject (a residual test), over the page itself. */
  residual?: number;
}

async function explainFind(model: mongoose.Model<never>, { filter, sort, page }: Shape) {
  let q = model.find(filter as never);
  if (sort) q = q.sort(sort);
  if (page) q = q.skip(page.skip).limit(page.limit);
  return q.explain('executionStats');
}

async function expectIndexed(model: mongoose.Model<never>, shape: Shape): Promise<void> {
  const explain = await explainFind(model, shape);
  const page = shape.page ? shape.page.skip + shape.page.limit : 0;
  // +1: an index walk may read one document past the page before it stops.
  const maxDocsExamined = page + (shape.residual ?? 0) + 1;
  expect(
    planProblems(explain, { sorted: !!shape.sort, maxDocsExamined }),
    JSON.stringify(shape.filter),
  ).toEqual([]);
}

const readers: [string, RemovedSeen][] = [
  ['a reader', []],
  ['the admin', 'all'],
  ['a moderator', [communities[0]!, communities[2]!]],
];
const noneHidden: Hidden = { communities: [], posts: [] };
/** A delete in progress: its community and a post stay out of every list (a residual $nin). */
const someHidden = (): Hidden => ({ communities: [communities[1]!], posts: [postIds[2]!] });

/** Every post list scope the use cases build (list-posts, list-user-posts, feed). */
const postScopes: [string, PostListScope][] = [];
for (const [reader, removedSeen] of readers) {
  for (const visitor of [false, true]) {
    if (visitor && removedSeen.length) continue;
    const who = visitor ? 'visitor' : reader;
    postScopes.push([`home, ${who}`, { visitor, removedSeen }]);
    postScopes.push([
      `community page, ${who}`,
      { communityId: communities[0], visitor, removedSeen },
    ]);
    postScopes.push([`profile, ${who}`, { authorId: users[1], visitor, removedSeen }]);
  }
  postScopes.push([
    `joined feed, ${reader}`,
    {
      communityIds: [communities[0]!, communities[2]!, communities[3]!],
      visitor: false,
      removedSeen,
    },
  ]);
}

/** Posts a filter may walk past and reject: the hidden ones, and rows failing $or residuals. */
function postResidual(scope: PostListScope, someHidden: boolean): number {
  // A hidden community's posts fall between the page's keys on lists not narrowed to it.
  const hiddenRows = someHidden ? POSTS / communities.length + 1 : 0;
  // The moderator's removed-posts branch on a profile tests community_id on the author's
  // removed posts (EXTENSIONS §M4): at most all of them.
  const removedOfAuthor =
    scope.authorId && Array.isArray(scope.removedSeen) ? POSTS / 7 / users.length + 1 : 0;
  return Math.ceil(hiddenRows + removedOfAuthor);
}

describe('post lists walk an index (community page, home, feed, profile)', () => {
  for (const [label, scope] of postScopes) {
    for (const sortName of POST_SORT_NAMES) {
      for (const [hiddenLabel, hidden] of [
        ['', noneHidden],
        [', a delete in progress', someHidden],
      ] as const) {
        it(`${label}, ${sortName}${hiddenLabel}`, async () => {
          const { filter, sort } = postListQuery(scope, sortName);
          const visible = visiblePosts(filter, typeof hidden === 'function' ? hidden() : hidden);
          expect(visible).not.toBeNull();
          for (const page of [PAGE, DEEP]) {
            await expectIndexed(models.Post as never, {
              filter: visible!,
              sort,
              page,
              residual: postResidual(scope, hidden !== noneHidden),
            });
          }
        });
      }
    }
  }

  it('a community page: its pinned posts, then the rest without them', async () => {
    await expectIndexed(models.Post as never, {
      filter: { community_id: communities[0], pinned: true },
      sort: { pinned_at: -1, _id: -1 },
      residual: 0,
      page: { skip: 0, limit: 2 },
    });
    // The rest: the plain list around its page (the pinned posts are left out in memory), so
    // a deep page skips on the index keys and fetches only the window it reads.
    const { filter, sort } = postListQuery({ communityId: communities[0], visitor: false }, 'new');
    for (const { skip, limit } of [PAGE, DEEP]) {
      const slices = pinnedPageSlices(2, skip, limit);
      const window = restWindow(2, slices.restSkip, slices.restLimit);
      const shape = { filter, sort, page: { skip: window.skip, limit: window.limit } };
      await expectIndexed(models.Post as never, { ...shape, residual: 0 });
      const stats = executionStats(await explainFind(models.Post as never, shape));
      expect(stats.totalDocsExamined).toBeLessThanOrEqual(window.limit + 1);
    }
  });
});

describe('comment lists walk an index', () => {
  for (const sortName of COMMENT_SORT_NAMES) {
    it(`top-level comments and direct replies, ${sortName}`, async () => {
      for (const container of [bigPost, bigThread]) {
        for (const page of [PAGE, DEEP]) {
          await expectIndexed(models.Comment as never, {
            filter: commentListFilter(container),
            sort: COMMENT_SORTS[sortName],
            page,
          });
        }
      }
    });
  }

  it("a level of a page's nested replies: several comments' replies at once", async () => {
    const filter = repliesOfFilter([bigThread, new Types.ObjectId()]);
    await expectIndexed(models.Comment as never, {
      filter,
      // Every reply is returned: the thread's 200 (load-nested-replies batches only comments
      // with at most twice the replies the page shows).
      residual: 200,
    });
    const stats = executionStats(await explainFind(models.Comment as never, { filter }));
    expect(stats).toMatchObject({ totalDocsExamined: 200, nReturned: 200 });
  });

  it("a page's small threads: every reply under its top-level comments, on index keys", async () => {
    const filter = threadRepliesFilter([bigThread, new Types.ObjectId()]);
    await expectIndexed(models.Comment as never, { filter, residual: 200 });
    // The replies alone: the top-level comment, under the same root_id, is not fetched.
    const stats = executionStats(await explainFind(models.Comment as never, { filter }));
    expect(stats).toMatchObject({ totalDocsExamined: 200, nReturned: 200 });
  });

  it("one comment's first replies, a page's share of them", async () => {
    for (const sortName of COMMENT_SORT_NAMES) {
      const shape = {
        filter: commentListFilter(bigThread),
        sort: COMMENT_SORTS[sortName],
        page: { skip: 0, limit: 10 },
      };
      await expectIndexed(models.Comment as never, shape);
      const stats = executionStats(await explainFind(models.Comment as never, shape));
      expect(stats.totalDocsExamined).toBeLessThanOrEqual(11);
    }
  });

  for (const visitor of [false, true]) {
    for (const [reader, seen] of readers) {
      if (visitor && seen.length) continue;
      it(`profile comments, ${visitor ? 'visitor' : reader}`, async () => {
        const filter = visibleComments(
          authorCommentsFilter(users[1]!, visitor, seen),
          someHidden(),
        );
        // The moderator's branch rejects the author's removed comments elsewhere; the hidden
        // community's comments fall between the page's keys.
        const residual = 600 / users.length / 9 + 600 / users.length / communities.length + 2;
        for (const page of [PAGE, DEEP]) {
          await expectIndexed(models.Comment as never, {
            filter: filter!,
            sort: AUTHOR_COMMENTS_SORT,
            page,
            residual: Math.ceil(residual),
          });
        }
      });
    }
  }
});

describe("a blocker's post lists (EXTENSIONS §B1)", () => {
  const blocker = users[1]!;
  /** Two of the five authors: 2/5 of every list is theirs. */
  const blocked = [users[2]!, users[3]!];

  beforeAll(async () => {
    // The blocker's two blocks among lifted ones and other readers' blocks.
    const rows: Doc[] = [];
    for (let i = 0; i < 60; i++) {
      rows.push({
        blocker_id: i < 20 ? blocker : users[(i % 3) + 2],
        blocked_id: i < blocked.length ? blocked[i] : new Types.ObjectId(),
        blocked: i < blocked.length || i >= 20,
        version: 1,
        changed_at: new Date(BASE),
      });
    }
    await models.Block.collection.insertMany(rows as never[]);
  });

  it("the reader's active blocks: a range of the (blocker_id, blocked) index, the lifted ones unread", async () => {
    const filter = { blocker_id: blocker, blocked: true };
    await expectIndexed(models.Block as never, { filter, residual: blocked.length });
    const stats = executionStats(await explainFind(models.Block as never, { filter }));
    expect(stats).toMatchObject({ nReturned: 2, totalKeysExamined: 2 });
  });

  for (const [label, scope] of postScopes) {
    if (scope.visitor) continue; // visitors block nobody
    it(`${label}: the blocked authors a residual $nin on the list's index`, async () => {
      for (const sortName of POST_SORT_NAMES) {
        const { filter, sort } = postListQuery(scope, sortName);
        const visible = withoutAuthors(visiblePosts(filter, noneHidden), blocked);
        expect(visible).not.toBeNull();
        for (const page of [PAGE, DEEP]) {
          // To list n posts the walk passes the blocked authors' share of them (2 of 5: 2/3 n
          // more), and a merge of two runs (removed $in) reads a few ahead.
          const residual = Math.ceil(((page.skip + page.limit) * 2) / 3) + 8;
          await expectIndexed(models.Post as never, {
            filter: visible!,
            sort,
            page,
            residual: residual + postResidual(scope, false),
          });
        }
      }
    });
  }

  it('a profile of a blocked author matches nothing (no query)', () => {
    const { filter } = postListQuery(
      { authorId: blocked[0], visitor: false, removedSeen: [] },
      'new',
    );
    expect(withoutAuthors(filter, blocked)).toBeNull();
  });

  // The counter total's subtraction: the blocked authors' posts in the list's scope, counted on
  // index keys alone (home: the author list index; a community or the feed: author, community).
  for (const [label, scope] of postScopes) {
    if (scope.visitor || scope.authorId) continue;
    it(`${label}: the blocked authors' posts counted on index keys`, async () => {
      const filter = blockedAuthorsPosts(
        visiblePosts(postListQuery(scope, 'new').filter, noneHidden)!,
        blocked,
      );
      const explain = await explainCount(conn.db!, 'posts', filter);
      // The moderator's $or merges its branches by document: at most the blocked authors' posts.
      const examined = Array.isArray(filter.$or) ? (POSTS * 2) / 5 : 0;
      expect(planProblems(explain, { sorted: false, maxDocsExamined: examined }), label).toEqual(
        [],
      );
      const stats = executionStats(explain);
      // Never more keys than the blocked authors' posts (2/5 of all).
      expect(stats.totalKeysExamined).toBeLessThanOrEqual((POSTS * 2) / 5 + 2);
      expect(await models.Post.countDocuments(filter)).toBeGreaterThan(0);
    });
  }
});

describe('the check itself', () => {
  it('reports a collection scan and an in-memory sort', async () => {
    const explain = await explainFind(models.Post as never, {
      filter: { title: 'p1' },
      sort: { updated_at: -1 },
    });
    expect(planProblems(explain, { sorted: true, maxDocsExamined: 1 })).toEqual(
      expect.arrayContaining(['COLLSCAN', 'in-memory SORT']),
    );
  });
});

describe('the other lists walk an index', () => {
  const shapes: [string, mongoose.Model<never>, Shape][] = [];
  beforeAll(() => {
    shapes.push(
      [
        'communities list (deletes in progress a residual test)',
        models.Community as never,
        {
          filter: { ...NOT_DELETING },
          sort: { member_count: -1, _id: -1 },
          page: DEEP,
          residual: 6,
        },
      ],
      [
        'my communities',
        models.Membership as never,
        { filter: { user_id: users[1] }, sort: { joined_at: -1, _id: -1 }, page: PAGE },
      ],
      [
        'members list',
        models.Membership as never,
        { filter: { community_id: communities[0] }, sort: { joined_at: 1, _id: 1 }, page: DEEP },
      ],
      [
        'saved posts',
        models.PostSave as never,
        { filter: { user_id: users[1] }, sort: { created_at: -1, _id: -1 }, page: PAGE },
      ],
      [
        'saved comments',
        models.CommentSave as never,
        { filter: { user_id: users[1] }, sort: { created_at: -1, _id: -1 }, page: PAGE },
      ],
      [
        'caller saves on a page of posts',
        models.PostSave as never,
        { filter: { user_id: users[1], post_id: { $in: postIds.slice(0, 20) } }, residual: 20 },
      ],
    );
  });
  it('each one', async () => {
    for (const [label, model, shape] of shapes) {
      await expect(expectIndexed(model, shape), label).resolves.toBeUndefined();
    }
  });
});

describe('the moderation lists walk an index', () => {
  const c = () => communities[0]!;
  for (const site of [false, true]) {
    for (const visitor of [false, true]) {
      for (const action of [undefined, MODLOG_ACTIONS[0]]) {
        const label = `${site ? 'site-wide' : 'community'} log, ${visitor ? 'visitor' : 'signed in'}, ${action ?? 'every action'}`;
        it(label, async () => {
          const filter = modlogFilter({ ...(site ? {} : { communityId: c() }), visitor, action });
          for (const page of [PAGE, DEEP]) {
            await expectIndexed(models.ModlogEntry as never, { filter, sort: MODLOG_SORT, page });
          }
        });
      }
    }
  }
  for (const status of REPORT_STATUSES) {
    it(`report queues (a community's, the site's) and a community's appeals, ${status}`, async () => {
      for (const q of [reportQueue({ communityId: c(), status }), reportQueue({ status })]) {
        await expectIndexed(models.Report as never, { ...q, page: PAGE });
      }
      await expectIndexed(models.Appeal as never, {
        ...appealQueue({ communityId: c(), status }),
        page: PAGE,
      });
    });
  }
  it("a community's active bans, newest first", async () => {
    await expectIndexed(models.Ban as never, {
      filter: { community_id: c(), ...activeBan(new Date()) },
      sort: { created_at: -1, _id: -1 },
      page: DEEP,
    });
  });
  it("a community's elections, newest first", async () => {
    await expectIndexed(models.Election as never, {
      filter: { community_id: c() },
      sort: { started_at: -1, _id: -1 },
      page: PAGE,
    });
  });
});

/**
 * The lists' totals where they count (profiles; every list before its counters exist): counts
 * over index keys that fetch no document (with no delete in progress;
 * while one runs, its $nin is a residual test on the fetched rows). A moderator's lists outside
 * their communities' pages are an $or (EXTENSIONS §M4): each branch has its index, but a branch
 * on both author_id and community_id is not answered by one index's bounds alone, so its
 * documents are fetched; those only assert the index walk and at most the matching documents.
 */
describe('list totals count index keys only', () => {
  const countOf = async (model: { collection: { collectionName: string } }, filter: Doc) => {
    const name = model.collection.collectionName;
    const explain = await explainCount(conn.db!, name, filter);
    if (Object.keys(filter).length === 0) {
      // A whole collection's count comes from its size on both servers, no scan.
      expect(executionStats(explain).totalDocsExamined).toBe(0);
      return;
    }
    // An $or's branches: the rows of the index range each one walks, by author or by community
    // (either may serve the moderator's removed-items branch; the rest is a residual test).
    const rows = (range: Doc) => conn.db!.collection(name).countDocuments(range);
    const ranges = Array.isArray(filter.$or)
      ? await Promise.all(
          (filter.$or as Doc[]).map(async (branch) => {
            if (!('author_id' in branch && 'community_id' in branch)) return rows(branch);
            const { community_id: _c, ...byAuthor } = branch;
            const { author_id: _a, ...byCommunity } = branch;
            return Math.max(await rows(byAuthor), await rows(byCommunity));
          }),
        )
      : [0];
    const maxDocsExamined = ranges.reduce((a, b) => a + b, 0);
    expect(
      planProblems(explain, { sorted: false, maxDocsExamined }),
      JSON.stringify(filter),
    ).toEqual([]);
  };
  // Profiles count (one author's range); the community page, the feed and home answer from
  // counters (below) and count only where a counter is not there yet, so every scope stays here.
  it('post lists, every scope', async () => {
    for (const [, scope] of postScopes) {
      await countOf(models.Post, postListQuery(scope, 'new').filter);
    }
  });
  it('the post counters the community page, the feed and home read instead, by _id', async () => {
    await expectIndexed(models.Community as never, {
      filter: { _id: { $in: communities } },
      residual: communities.length,
    });
    await expectIndexed(models.PostTotals as never, { filter: { _id: SITE_POSTS }, residual: 1 });
  });
  it('comment lists and profiles', async () => {
    await countOf(models.Comment, commentListFilter(bigPost));
    for (const visitor of [false, true]) {
      for (const [, seen] of readers) {
        await countOf(models.Comment, authorCommentsFilter(users[1]!, visitor, seen));
      }
    }
  });
  it('moderation queues and logs, members', async () => {
    for (const visitor of [false, true]) {
      for (const action of [undefined, MODLOG_ACTIONS[0]]) {
        await countOf(models.ModlogEntry, modlogFilter({ visitor, action }));
        await countOf(
          models.ModlogEntry,
          modlogFilter({ communityId: communities[0], visitor, action }),
        );
      }
    }
    for (const status of REPORT_STATUSES) {
      await countOf(models.Report, reportQueue({ status }).filter);
      await countOf(models.Report, reportQueue({ communityId: communities[0], status }).filter);
      await countOf(models.Appeal, appealQueue({ communityId: communities[0]!, status }).filter);
    }
    await countOf(models.Membership, { community_id: communities[0] });
    await countOf(models.Membership, { user_id: users[1] });
    await countOf(models.Election, { community_id: communities[0] });
  });
});

describe("an account's reads: the export and the deletion (EXTENSIONS §B2)", () => {
  const me = users[1]!;
  const stranger = new Types.ObjectId();

  beforeAll(async () => {
    // The caller's marks among others' (the collections exist: an empty one plans as EOF).
    const marks = (extra: (i: number) => Doc) =>
      Array.from({ length: 60 }, (_, i) => ({
        user_id: users[i % users.length],
        post_id: postIds[i],
        created_at: new Date(BASE + i * 1000),
        ...extra(i),
      }));
    await models.PostVote.collection.insertMany(marks(() => ({ vote_type: 1 })) as never[]);
    await models.CommentVote.collection.insertMany(
      marks(() => ({ vote_type: -1, comment_id: new Types.ObjectId() })) as never[],
    );
    await models.PostReaction.collection.insertMany(
      marks(() => ({ reaction_type: 'heart' })) as never[],
    );
    await models.PostSubscription.collection.insertMany(marks(() => ({})) as never[]);
    await models.Moderator.collection.insertMany(
      // 4 communities x 5 users: 20 distinct seats.
      Array.from({ length: 20 }, (_, i) => ({
        community_id: communities[i % communities.length],
        user_id: users[i % users.length],
        role: i < communities.length ? 'owner' : 'moderator',
        since: new Date(BASE + i * 1000),
      })) as never[],
    );
    // Reports in another community's closed queue, each with several reporters.
    await models.Report.collection.insertMany(
      Array.from({ length: 40 }, (_, i) => ({
        community_id: new Types.ObjectId(),
        target_type: i % 3 === 0 ? 'message' : 'post',
        target_id: new Types.ObjectId(),
        target_author_id: users[(i + 2) % users.length],
        status: 'closed',
        created_at: new Date(BASE + i * 1000),
        resolved_at: new Date(BASE + i * 2000),
        reports: [0, 1, 2].map((k) => ({ reporter_id: users[(i + k) % users.length] })),
      })) as never[],
    );
  });

  /** Each read returns all it walks: the residual is exactly the rows it answers. */
  const whole = async (model: mongoose.Model<never>, filter: Doc, sort?: Shape['sort']) => {
    const rows = await model.countDocuments(filter as never);
    await expectIndexed(model, { filter, ...(sort ? { sort } : {}), residual: rows });
  };

  it('the export: every kind on a user-first index', async () => {
    const id = me;
    await whole(models.Post as never, authoredPosts(id));
    await whole(models.Comment as never, authoredComments(id), AUTHORED_COMMENTS_SORT);
    await whole(models.PostVote as never, byUser(id));
    await whole(models.CommentVote as never, byUser(id));
    await whole(models.PostReaction as never, byUser(id));
    await whole(models.PostSave as never, byUser(id), BY_USER_NEWEST);
    await whole(models.CommentSave as never, byUser(id), BY_USER_NEWEST);
    await whole(models.Membership as never, byUser(id), { joined_at: -1, _id: -1 });
    await whole(models.PostSubscription as never, byUser(id), BY_USER_NEWEST);
    const reports = await models.Report.countDocuments({ 'reports.reporter_id': id });
    // The message reports (messaging's part) are read past: a residual of the multikey range.
    await expectIndexed(models.Report as never, { filter: reportsMadeBy(id), residual: reports });
  });

  it("the deletion: the author's rows still named, the user's seats and marks", async () => {
    const id = me;
    // A round of the rename walks the author's rows (the renamed ones are the residual).
    const posts = await models.Post.countDocuments(authoredPosts(id));
    const comments = await models.Comment.countDocuments(authoredComments(id));
    await expectIndexed(models.Post as never, {
      filter: { ...authoredPosts(id), ...notYetAnonymous },
      page: { skip: 0, limit: 500 },
      residual: posts,
    });
    await expectIndexed(models.Comment as never, {
      filter: { ...authoredComments(id), ...notYetAnonymous },
      page: { skip: 0, limit: 500 },
      residual: comments,
    });
    await whole(models.Moderator as never, byUser(id));
    // The longest-serving moderator takes an owner's seat: the team index, one row.
    await expectIndexed(models.Moderator as never, {
      filter: { community_id: communities[0], role: 'moderator' },
      sort: { role: -1, since: 1, _id: 1 },
      page: { skip: 0, limit: 1 },
    });
    await whole(models.Block as never, { blocker_id: stranger });
    await whole(models.Block as never, { blocked_id: stranger });
    const gone = { $ne: '[deleted]' };
    await whole(models.ModlogEntry as never, { moderator_id: id, moderator_username: gone });
    await whole(models.ModlogEntry as never, { target_user_id: id, target_username: gone });
    await whole(models.Report as never, { 'reports.reporter_id': id });
    await whole(models.Report as never, { target_author_id: id, target_author_username: gone });
    await whole(models.Ban as never, { user_id: id, username: gone });
    await whole(models.Election as never, { 'candidates.user_id': id });
    await whole(models.Community as never, { created_by: stranger, creator_username: gone });
  });
});
