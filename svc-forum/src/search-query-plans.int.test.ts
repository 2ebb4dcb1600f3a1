import mongoose, { Types, type Connection } from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_SORTS } from '@forum/contracts';
import { pageAndTotalPipeline } from '@forum/service-kit';
import {
  executionStats,
  explainCount,
  planProblems,
  startDevDb,
  type TestDevDb,
} from '@forum/service-kit/testing';
import { termsOf } from '@forum/search-text';
import { createForumModels, type ForumModels } from './models/index.js';
import {
  SEARCH_SORT,
  TEXT_SCORE,
  searchRead,
  commentSearchFilter,
  namePrefix,
  postSearchFilter,
  prefixRange,
  searchListFilter,
  searchMatch,
  searchProjection,
  type SearchListScope,
} from './domain/search-query.js';
import type { Hidden } from './domain/hidden-filter.js';
import type { RemovedSeen } from './domain/removed-filter.js';
import { NOT_DELETING } from './models/deletion.js';
import { POST_LIST_FIELDS } from './models/post.js';

/**
 * Issue 17 for search (EXTENSIONS §S): every search query runs on the collection's text index
 * (TEXT_OR over one index range per word) or, for a community name prefix, on name_lower; no
 * collection scan, and no document fetched that does not have one of the words. A list test's
 * "no in-memory sort" cannot hold: relevance, new and top order the text index's candidates.
 * Shapes from the same builders the use cases call (domain/search-query.ts).
 */
type Doc = Record<string, unknown>;

let devdb: TestDevDb;
let conn: Connection;
let models: ForumModels;

const communities = Array.from({ length: 4 }, () => new Types.ObjectId());
const nsfwCommunity = communities[3]!;
const BASE = Date.UTC(2026, 0, 1);
const POSTS = 600;
/** Posts (and comments) with "apple" in them: every 10th; with "apple" and "pie": every 30th. */
const APPLES = POSTS / 10;
const postIds: Types.ObjectId[] = [];

const postText = (i: number) => ({
  title: `p${i}${i % 10 === 0 ? ' apple' : ''}`,
  content: `body ${i % 30 === 0 ? 'pie' : 'cake'} and more words`,
});

beforeAll(async () => {
  devdb = await startDevDb();
  conn = await mongoose.createConnection(devdb.uri, { dbName: devdb.dbName('search') }).asPromise();
  models = createForumModels(conn);
  await Promise.all(Object.values(models).map((m: mongoose.Model<never>) => m.createIndexes()));
  const spread = (i: number) => {
    const community = communities[i % communities.length]!;
    return {
      community_id: community,
      community_name: `c${i % communities.length}`,
      community_nsfw: community.equals(nsfwCommunity),
      author_id: new Types.ObjectId(),
      score: (i * 37) % 101,
      removed: i % 7 === 0,
      created_at: new Date(BASE + i * 1000),
    };
  };
  const posts: Doc[] = Array.from({ length: POSTS }, (_, i) => {
    const _id = new Types.ObjectId();
    postIds.push(_id);
    const text = postText(i);
    return {
      _id,
      ...text,
      search_terms: termsOf(text.title, text.content),
      type: 'text',
      author_username: 'u',
      hot: 0,
      ...spread(i),
    };
  });
  await models.Post.collection.insertMany(posts as never[]);
  const comments: Doc[] = Array.from({ length: POSTS }, (_, i) => {
    const content = `c${i}${i % 10 === 0 ? ' apple' : ''} ${i % 30 === 0 ? 'pie' : 'tea'}`;
    return {
      content,
      search_terms: termsOf(content),
      post_id: postIds[i],
      container_id: postIds[i],
      root_id: new Types.ObjectId(),
      depth: 0,
      is_deleted: i % 11 === 0,
      post_removed: i % 7 === 0,
      best: 0,
      ...spread(i),
    };
  });
  await models.Comment.collection.insertMany(comments as never[]);
  await models.Community.collection.insertMany(
    Array.from({ length: 300 }, (_, i) => {
      const name = i % 3 === 0 ? `apple_${i}` : `n${i}`;
      const description = i % 10 === 0 ? 'all about apple pie' : 'something else';
      return {
        name,
        name_lower: name,
        description,
        search_terms: termsOf(name, description),
        rules: 'r',
        is_nsfw: i % 4 === 0,
        created_by: new Types.ObjectId(),
        creator_username: 'u',
        member_count: i,
        ...(i % 50 === 1 ? { deleting: true } : {}),
      };
    }) as never[],
  );
}, 120_000);

afterAll(async () => {
  await conn?.close();
  await devdb?.stop();
});

async function expectOnIndex(
  model: mongoose.Model<never>,
  filter: Doc,
  { sort, projection, maxDocs }: { sort?: Doc; projection?: Doc; maxDocs: number },
): Promise<void> {
  let q = model.find(filter as never, projection as never);
  if (sort) q = q.sort(sort as never);
  const explain = await q.skip(20).limit(20).explain('executionStats');
  expect(planProblems(explain, { sorted: false, maxDocsExamined: maxDocs })).toEqual([]);
  const count = await explainCount(conn.db!, model.collection.name, filter);
  expect(planProblems(count, { sorted: false, maxDocsExamined: maxDocs })).toEqual([]);
}

const readers: [string, RemovedSeen][] = [
  ['a reader', []],
  ['the admin', 'all'],
  ['a moderator', [communities[0]!, communities[2]!]],
];
const someHidden = (): Hidden => ({ communities: [communities[1]!], posts: [postIds[2]!] });

/** Every scope a post or comment search builds: visitor or not, whose removed items, where. */
const scopes: [string, SearchListScope][] = [];
for (const [reader, removedSeen] of readers) {
  for (const visitor of [false, true]) {
    if (visitor && removedSeen.length) continue;
    const who = visitor ? 'visitor' : reader;
    scopes.push([`everywhere, ${who}`, { visitor, removedSeen }]);
    scopes.push([`one community, ${who}`, { communityId: communities[0]!, visitor, removedSeen }]);
  }
}

describe('post search runs on the text index', () => {
  for (const [label, scope] of scopes) {
    for (const sort of SEARCH_SORTS) {
      it(`${label}, ${sort}`, async () => {
        for (const q of ['apple', 'apple pie', '"apple" -cake']) {
          const filter = postSearchFilter(
            searchListFilter(scope),
            someHidden(),
            searchMatch(q).filter,
          );
          // The candidates: the posts with "apple" (TEXT_OR reads the rarest word's too).
          await expectOnIndex(models.Post as never, filter!, {
            sort: SEARCH_SORT[sort],
            projection: searchProjection(POST_LIST_FIELDS, sort),
            maxDocs: q.includes('pie') ? APPLES + POSTS / 30 : APPLES,
          });
        }
      });
    }
  }

  it('fetches only what has a word of q', async () => {
    const filter = postSearchFilter(
      searchListFilter({ visitor: false, removedSeen: [] }),
      { communities: [], posts: [] },
      searchMatch('apple').filter,
    );
    const stats = executionStats(
      await models.Post.find(filter!).sort(SEARCH_SORT.relevance).explain('executionStats'),
    );
    expect(stats.totalDocsExamined).toBe(APPLES);
    // The page and its total in one read (readPageAndTotal), as the search use cases read them.
    const both = await models.Post.collection
      .aggregate(pageAndTotalPipeline(filter!, searchRead(POST_LIST_FIELDS, 'relevance', 20, 20)))
      .explain('executionStats');
    expect(planProblems(both, { sorted: false, maxDocsExamined: APPLES })).toEqual([]);
  });
});

describe('comment search runs on the text index', () => {
  for (const [label, scope] of scopes) {
    it(label, async () => {
      for (const sort of SEARCH_SORTS) {
        const filter = commentSearchFilter(
          searchListFilter(scope),
          someHidden(),
          searchMatch('apple').filter,
        );
        await expectOnIndex(models.Comment as never, filter!, {
          sort: SEARCH_SORT[sort],
          maxDocs: APPLES,
        });
      }
    });
  }
});

describe('community search', () => {
  for (const visitor of [false, true]) {
    const shown = { ...NOT_DELETING, ...(visitor ? { is_nsfw: false } : {}) };
    it(`the name prefix is a range of name_lower${visitor ? ', visitor' : ''}`, async () => {
      const prefix = namePrefix('Apple_1')!;
      const explain = await models.Community.find(
        { name_lower: prefixRange(prefix), ...shown },
        { name_lower: 1 },
      ).explain('executionStats');
      // apple_12, apple_15, apple_18, apple_102, ... apple_198: the names in the range only.
      const inRange = Array.from({ length: 300 }, (_, i) => i).filter(
        (i) => i % 3 === 0 && `apple_${i}`.startsWith(prefix),
      ).length;
      expect(planProblems(explain, { sorted: false, maxDocsExamined: inRange })).toEqual([]);
      expect(executionStats(explain).totalKeysExamined).toBeLessThanOrEqual(inRange + 1);
    });

    it(`the word matches run on the text index${visitor ? ', visitor' : ''}`, async () => {
      const filter = {
        ...shown,
        ...searchMatch('apple pie').filter,
        _id: { $nin: [new Types.ObjectId()] },
      };
      // Names are one word each ("apple_3"): the candidates are the 30 "apple pie" descriptions.
      await expectOnIndex(models.Community as never, filter, {
        sort: { ...TEXT_SCORE, _id: -1 },
        projection: TEXT_SCORE,
        maxDocs: 30,
      });
    });
  }
});
