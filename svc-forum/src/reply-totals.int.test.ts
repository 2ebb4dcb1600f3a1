import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentThreadsResponse } from '@forum/contracts';
import { Types } from 'mongoose';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';

/**
 * Issue 17: a comment's replies list answers its total from the comment's reply_count (kept by
 * create-comment and delete-comment), not a count. After replies created at once, deleted with
 * and without replies of their own, and a placeholder pruned, it is what a count says.
 */
let h: Harness;
let owner: TestUser;
let post: string;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user();
  ({ post } = await communityWithPost(h, owner));
});
afterAll(async () => h?.stop());

const del = async (as: TestUser, id: string) =>
  expect((await h.call('DELETE', `/api/comments/${id}`, { as })).status).toBe(200);

async function expectExactTotal(parent: string): Promise<void> {
  const counted = await h.models.Comment.countDocuments({
    container_id: new Types.ObjectId(parent),
  });
  const res = await h.call('GET', `/api/comments/${parent}/replies?limit=100`);
  expect(res.status).toBe(200);
  const page = CommentThreadsResponse.parse(res.body);
  expect(page.pagination).toEqual({ total: counted, hasMore: false });
  expect(page.comments).toHaveLength(counted);
  if (counted > 2) {
    const first = await h.call('GET', `/api/comments/${parent}/replies?limit=2`);
    expect(CommentThreadsResponse.parse(first.body).pagination).toEqual({
      total: counted,
      hasMore: true,
    });
  }
}

describe('a comment’s replies total', () => {
  it('follows replies created at once, deleted, and placeholders pruned', async () => {
    const parent = await comment(h, owner, post);
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => comment(h, owner, post, parent.id, `Reply ${i}`)),
    );
    const nested = await comment(h, owner, post, replies[1]!.id, 'Nested');
    await expectExactTotal(parent.id);
    // Without replies: gone. With one: a placeholder that stays in the list.
    await del(owner, replies[0]!.id);
    await del(owner, replies[1]!.id);
    await expectExactTotal(parent.id);
    await expectExactTotal(replies[1]!.id);
    // Its last reply deleted, the placeholder goes too.
    await del(owner, nested.id);
    await expectExactTotal(parent.id);
    expect(
      CommentThreadsResponse.parse((await h.call('GET', `/api/comments/${parent.id}/replies`)).body)
        .pagination.total,
    ).toBe(4);
  });
});
