import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentPageResponse, type Comment } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import { comment, communityWithPost } from './test-support/comments.js';

/** NSFW comments never reach a caller without a token; signed-in users see them. */
let h: Harness;
let owner: TestUser;
let reader: TestUser;
let nsfwPost: string;
let nsfwComment: Comment;
let sfwComment: Comment;

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user('nsfwcommenter');
  reader = await h.user('nsfwreader');
  ({ post: nsfwPost } = await communityWithPost(h, owner, { is_nsfw: true }));
  const { post: sfwPost } = await communityWithPost(h, owner);
  nsfwComment = await comment(h, owner, nsfwPost, null, 'adult');
  await comment(h, owner, nsfwPost, nsfwComment.id, 'adult reply');
  sfwComment = await comment(h, owner, sfwPost, null, 'family');
  await h.call('POST', `/api/comments/${nsfwComment.id}/save`, { as: reader });
});
afterAll(async () => h?.stop());

describe('NSFW comments', () => {
  it('answer 403 with the sign-up text to visitors on every single read', async () => {
    for (const path of [
      `/api/comments/post/${nsfwPost}`,
      `/api/posts/${nsfwPost}/comments`,
      `/api/comments/${nsfwComment.id}`,
      `/api/comments/${nsfwComment.id}/replies`,
      `/api/comments/${nsfwComment.id}/vote`,
      `/api/comments/${nsfwComment.id}/saved`,
    ]) {
      const res = await h.call('GET', path);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toBe('Sign up to view NSFW content');
      expect((await h.call('GET', path, { as: reader })).status, path).toBe(200);
    }
  });

  it('are left out of profile lists for visitors only', async () => {
    const path = `/api/auth/user/${owner.username}/comments`;
    const visitor = CommentPageResponse.parse((await h.call('GET', path)).body);
    expect(visitor.comments.map((c) => c.id)).toEqual([sfwComment.id]);
    expect(visitor.pagination.total).toBe(1);
    const signedIn = CommentPageResponse.parse((await h.call('GET', path, { as: reader })).body);
    expect(signedIn.comments).toHaveLength(3);
  });

  it('stay in the saved list of a signed-in user', async () => {
    const saved = CommentPageResponse.parse(
      (await h.call('GET', '/api/comments/saved/my', { as: reader })).body,
    );
    expect(saved.comments.map((c) => c.id)).toEqual([nsfwComment.id]);
  });
});
