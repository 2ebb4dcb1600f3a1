import { CommentResponse, CommunityResponse, PostResponse, type Comment } from '@forum/contracts';
import { expect } from 'vitest';
import { communityBody, textPost, uniqueName, type Harness, type TestUser } from './harness.js';

/** A community (NSFW or not) with `owner` as creator and a post by them. */
export async function communityWithPost(
  h: Harness,
  owner: TestUser,
  extra: Record<string, unknown> = {},
): Promise<{ community: string; post: string; title: string }> {
  const community = CommunityResponse.parse(
    (
      await h.call('POST', '/api/communities', {
        as: owner,
        body: communityBody(uniqueName('cm'), extra),
      })
    ).body,
  ).community.id;
  const title = `Post ${uniqueName('t')}`;
  const post = PostResponse.parse(
    (await h.call('POST', '/api/posts', { as: owner, body: textPost(community, title) })).body,
  ).post.id;
  return { community, post, title };
}

/** POST /api/comments, expecting 201. */
export async function comment(
  h: Harness,
  as: TestUser,
  post: string,
  parent?: string | null,
  content = 'A comment',
): Promise<Comment> {
  const res = await h.call('POST', '/api/comments', {
    as,
    body: { content, post_id: post, ...(parent ? { parent_id: parent } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CommentResponse.parse(res.body).comment;
}

export async function commentCount(h: Harness, post: string): Promise<number> {
  return PostResponse.parse((await h.call('GET', `/api/posts/${post}`)).body).post.comment_count;
}
