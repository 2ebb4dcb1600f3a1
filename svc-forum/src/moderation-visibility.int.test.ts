import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CommentPageResponse,
  CommentResponse,
  CommentThreadsResponse,
  ListPostsResponse,
  PostResponse,
  REMOVED_TEXT,
  type Comment,
  type Post,
} from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from './test-support/harness.js';
import {
  appoint,
  join,
  known,
  newComment,
  newCommunity,
  newPost,
  ok,
} from './test-support/moderation.js';

/**
 * EXTENSIONS §M4 on every read path, for the author, a moderator, the admin, another user and a
 * visitor: a removed post leaves every list but its moderators' and the admin's, reads as
 * '[removed]' to the others, and a removed comment keeps its place with its text and author
 * hidden from all but its author, the moderators and the admin.
 */
type Viewer = 'author' | 'moderator' | 'admin' | 'other' | 'visitor';
const VIEWERS: Viewer[] = ['author', 'moderator', 'admin', 'other', 'visitor'];
/** Who reads removed content in full; who sees removed posts in lists. */
const FULL: Viewer[] = ['author', 'moderator', 'admin'];
const LISTS: Viewer[] = ['moderator', 'admin'];

let h: Harness;
let users: Record<Exclude<Viewer, 'visitor'>, TestUser>;
let community: { id: string; name: string };
let removedPost: Post;
let keptPost: Post;
let removedComment: Comment;
let reply: Comment;
const secret = `the removed words ${Date.now()}`;

beforeAll(async () => {
  h = await startHarness();
  const [author, moderator, other, owner] = [
    await h.user(),
    await h.user(),
    await h.user(),
    await h.user(),
  ];
  const admin = await h.user('admin', { isAdmin: true });
  users = { author: author!, moderator: moderator!, admin, other: other! };
  await known(h, author!, moderator!, other!, owner!, admin);
  community = await newCommunity(h, owner!);
  await appoint(h, owner!, community.id, moderator!);
  await join(h, author!, community.id);
  await join(h, other!, community.id);
  await join(h, admin, community.id);
  removedPost = await newPost(h, author!, community.id, 'A removed post');
  keptPost = await newPost(h, author!, community.id, 'A kept post');
  await newComment(h, other!, removedPost.id, 'Still readable under a removed post');
  removedComment = await newComment(h, author!, keptPost.id, secret);
  reply = CommentResponse.parse(
    await ok(h, 201, 'POST', '/api/comments', {
      as: other!,
      body: { content: 'A reply', post_id: keptPost.id, parent_id: removedComment.id },
    }),
  ).comment;
  for (const u of Object.values(users)) {
    await ok(h, 200, 'POST', `/api/posts/${removedPost.id}/save`, { as: u });
    await ok(h, 200, 'POST', `/api/comments/${removedComment.id}/save`, { as: u });
  }
  await ok(h, 200, 'POST', `/api/posts/${removedPost.id}/remove`, {
    as: moderator!,
    body: { reason: 'Off topic' },
  });
  await ok(h, 200, 'POST', `/api/comments/${removedComment.id}/remove`, {
    as: moderator!,
    body: { reason: 'Rude' },
  });
});
afterAll(async () => h?.stop());

const get = async (viewer: Viewer, path: string) => {
  const res = await h.call('GET', path, viewer === 'visitor' ? {} : { as: users[viewer] });
  expect(res.status, `${viewer} GET ${path}: ${JSON.stringify(res.body)}`).toBe(200);
  return res.body;
};
const postIds = (body: unknown) => ListPostsResponse.parse(body).posts.map((p) => p.id);
const commentIds = (body: unknown) => CommentPageResponse.parse(body).comments.map((c) => c.id);

describe.each(VIEWERS)('as %s', (viewer) => {
  const listed = LISTS.includes(viewer);
  const full = FULL.includes(viewer);

  it(`${listed ? 'lists' : 'leaves out'} the removed post on every post list`, async () => {
    const author = users.author;
    const paths = [
      '/api/posts?limit=100',
      `/api/posts?community_id=${community.id}&limit=100`,
      `/api/posts?author_id=${author.id}&limit=100`,
      `/api/auth/user/${author.username}/posts?limit=100`,
      ...(viewer === 'visitor'
        ? []
        : ['/api/posts?feed=joined&limit=100', '/api/posts/saved/my?limit=100']),
      ...(viewer === 'author' ? ['/api/auth/me/posts?limit=100'] : []),
    ];
    for (const path of paths) {
      const body = await get(viewer, path);
      const ids = postIds(body);
      if (!path.includes('saved') && !path.includes('feed') && !path.includes('me/posts')) {
        expect(ids, path).toContain(keptPost.id);
      }
      expect(ids.includes(removedPost.id), path).toBe(listed);
      const total = ListPostsResponse.parse(body).pagination.total;
      if (!path.includes('saved')) expect(total, `${path} counts what it lists`).toBe(ids.length);
      const shown = ListPostsResponse.parse(body).posts.find((p) => p.id === removedPost.id);
      if (shown) expect(shown).toMatchObject({ removed: true, removal_reason: 'Off topic' });
    }
  });

  it(`reads the removed post ${full ? 'in full with the reason' : 'as [removed]'}, its comments still readable`, async () => {
    const post = PostResponse.parse(await get(viewer, `/api/posts/${removedPost.id}`)).post;
    expect(post.removed).toBe(true);
    if (full) {
      expect(post).toMatchObject({
        title: 'A removed post',
        content: removedPost.content,
        removal_reason: 'Off topic',
        author_username: users.author.username,
      });
      expect(post.removal_modlog_id).toEqual(expect.any(String));
    } else {
      expect(post).toMatchObject({
        title: REMOVED_TEXT,
        content: '',
        image_url: null,
        thumbnail_url: null,
      });
      expect(post).not.toHaveProperty('removal_reason');
      expect(post).not.toHaveProperty('removal_modlog_id');
    }
    const thread = CommentThreadsResponse.parse(
      await get(viewer, `/api/posts/${removedPost.id}/comments`),
    );
    expect(thread.comments.map((c) => c.content)).toEqual(['Still readable under a removed post']);
  });

  it(`shows the removed comment in its place ${full ? 'in full' : 'as [removed], author hidden'}`, async () => {
    const expectShape = (c: Comment) => {
      expect(c.removed).toBe(true);
      if (full) {
        expect(c).toMatchObject({
          content: secret,
          author_id: users.author.id,
          removal_reason: 'Rude',
        });
      } else {
        expect(c).toMatchObject({
          content: REMOVED_TEXT,
          author_id: null,
          author_username: REMOVED_TEXT,
        });
        expect(c).not.toHaveProperty('removal_reason');
      }
    };
    for (const path of [
      `/api/posts/${keptPost.id}/comments`,
      `/api/comments/post/${keptPost.id}`,
    ]) {
      const body = await get(viewer, path);
      const [top] = CommentThreadsResponse.parse(body).comments;
      expect(top!.id).toBe(removedComment.id);
      expectShape(top!);
      expect(top!.replies.map((r) => r.id)).toEqual([reply.id]);
      if (!full) expect(JSON.stringify(body)).not.toContain(secret);
    }
    expectShape(
      CommentResponse.parse(await get(viewer, `/api/comments/${removedComment.id}`)).comment,
    );
    const replies = CommentThreadsResponse.parse(
      await get(viewer, `/api/comments/${removedComment.id}/replies`),
    );
    expect(replies.comments.map((c) => c.content)).toEqual(['A reply']);
  });

  it(`${listed ? 'lists' : 'leaves out'} the removed comment on profile and saved lists`, async () => {
    const paths = [
      `/api/auth/user/${users.author.username}/comments?limit=100`,
      ...(viewer === 'visitor' ? [] : ['/api/comments/saved/my?limit=100']),
      ...(viewer === 'author' ? ['/api/auth/me/comments?limit=100'] : []),
    ];
    for (const path of paths) {
      const ids = commentIds(await get(viewer, path));
      expect(ids.includes(removedComment.id), path).toBe(listed);
    }
  });
});

describe('after a restore, and for the author', () => {
  it('deleting your own removed post and comment works as before', async () => {
    const p = await newPost(h, users.author, community.id);
    const c = await newComment(h, users.author, keptPost.id);
    await ok(h, 200, 'POST', `/api/posts/${p.id}/remove`, {
      as: users.moderator,
      body: { reason: 'R' },
    });
    await ok(h, 200, 'POST', `/api/comments/${c.id}/remove`, {
      as: users.moderator,
      body: { reason: 'R' },
    });
    await ok(h, 200, 'DELETE', `/api/posts/${p.id}`, { as: users.author });
    await ok(h, 200, 'DELETE', `/api/comments/${c.id}`, { as: users.author });
    expect((await h.call('GET', `/api/posts/${p.id}`)).status).toBe(404);
    expect((await h.call('GET', `/api/comments/${c.id}`)).status).toBe(404);
  });

  it('a restore brings the post and the comment back for everyone', async () => {
    const p = await newPost(h, users.author, community.id, 'Back again');
    const c = await newComment(h, users.author, p.id, 'Words back again');
    for (const [kind, id] of [
      ['posts', p.id],
      ['comments', c.id],
    ] as const) {
      await ok(h, 200, 'POST', `/api/${kind}/${id}/remove`, {
        as: users.moderator,
        body: { reason: 'R' },
      });
      await ok(h, 200, 'POST', `/api/${kind}/${id}/restore`, { as: users.moderator });
    }
    const post = PostResponse.parse(await get('visitor', `/api/posts/${p.id}`)).post;
    expect(post).toMatchObject({ title: 'Back again', removed: false });
    expect(
      postIds(await get('other', `/api/posts?community_id=${community.id}&limit=100`)),
    ).toContain(p.id);
    const comment = CommentResponse.parse(await get('visitor', `/api/comments/${c.id}`)).comment;
    expect(comment).toMatchObject({ content: 'Words back again', removed: false });
  });
});
