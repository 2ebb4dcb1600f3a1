import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropForumRetiredIndexes } from './models/retired-indexes.js';
import { startHarness, type Harness } from './test-support/harness.js';
import { communityWithPost } from './test-support/comments.js';

// Issue 24: memberships are unique on (user_id, community_id), the shard key first; a database
// an earlier version built still has the (community_id, user_id) index, dropped at start-up.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.stop());

const names = async () => (await h.conn.collection('memberships').indexes()).map((i) => i.name);

describe('memberships on an existing database', () => {
  it('drops the old community-first unique index once the user-first one exists', async () => {
    await h.conn
      .collection('memberships')
      .createIndex({ community_id: 1, user_id: 1 }, { unique: true });
    expect(await names()).toContain('community_id_1_user_id_1');
    expect(await dropForumRetiredIndexes(h.models)).toEqual([
      'memberships.community_id_1_user_id_1',
    ]);
    expect(await names()).not.toContain('community_id_1_user_id_1');
    expect(await names()).toContain('user_id_1_community_id_1');
    expect(await dropForumRetiredIndexes(h.models)).toEqual([]);

    // Joining twice is still one membership.
    const owner = await h.user();
    const member = await h.user();
    const { community } = await communityWithPost(h, owner);
    for (let i = 0; i < 2; i++) {
      const res = await h.call('POST', `/api/communities/${community}/join`, { as: member });
      expect(res.body).toMatchObject({ isMember: true, member_count: 2 });
    }
  });
});

describe('post and comment lists on an existing database (EXTENSIONS §M4)', () => {
  it('drops the list indexes without `removed` once those with it exist', async () => {
    const posts = h.conn.collection('posts');
    const comments = h.conn.collection('comments');
    await posts.createIndex({ community_id: 1, hot: -1, _id: -1 });
    await posts.createIndex({ created_at: -1, _id: -1 });
    await comments.createIndex({ author_id: 1, created_at: -1, _id: -1 });
    const dropped = await dropForumRetiredIndexes(h.models);
    expect(dropped.sort()).toEqual(
      [
        'comments.author_id_1_created_at_-1__id_-1',
        'posts.community_id_1_hot_-1__id_-1',
        'posts.created_at_-1__id_-1',
      ].sort(),
    );
    const postIndexes = (await posts.indexes()).map((i) => i.name);
    expect(postIndexes).toContain('community_id_1_removed_1_hot_-1__id_-1');
    expect(postIndexes).toContain('removed_1_created_at_-1__id_-1');
    expect((await comments.indexes()).map((i) => i.name)).toContain(
      'removed_1_author_id_1_created_at_-1__id_-1',
    );
  });
});
