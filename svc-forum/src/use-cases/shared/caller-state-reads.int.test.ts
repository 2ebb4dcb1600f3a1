import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommentThreadsResponse, ListPostsResponse } from '@forum/contracts';
import { startHarness, type Harness, type TestUser } from '../../test-support/harness.js';
import { join, newComment, newCommunity, newPost, ok } from '../../test-support/moderation.js';

/**
 * Issue 17: a page reads the caller's votes (and a post list their reactions) only for the items
 * whose counters say someone voted or reacted (domain/caller-counters.ts), and skips the read
 * when none has any; the caller's own vote and reaction still show wherever they are.
 */
let h: Harness;
let owner: TestUser;
let reader: TestUser;
let community = '';
let post = '';

beforeAll(async () => {
  h = await startHarness();
  owner = await h.user();
  reader = await h.user();
  community = (await newCommunity(h, owner)).id;
  await join(h, reader, community);
  post = (await newPost(h, owner, community)).id;
  await newPost(h, owner, community);
  await newComment(h, owner, post);
  await newComment(h, owner, post);
}, 60_000);

afterAll(async () => h?.stop());

/** The collections each call reads (mongoose's debug hook sees readLean's reads too). */
async function readsOf(path: string): Promise<{ reads: string[]; body: unknown }> {
  const reads: string[] = [];
  h.conn.set('debug', (collection: string, method: string) => {
    if (collection !== 'event_outbox') reads.push(`${collection}.${method}`);
  });
  try {
    const body = await ok(h, 200, 'GET', path, { as: reader });
    return { reads, body };
  } finally {
    h.conn.set('debug', false);
  }
}

const listPath = () => `/api/posts?community_id=${community}&sort=new`;
const threadPath = () => `/api/comments/post/${post}?sortBy=new`;

describe('the caller-state reads of a page', () => {
  it('skips the votes and reactions reads when no item on the page has any', async () => {
    const list = await readsOf(listPath());
    expect(list.reads).not.toContain('post_votes.find');
    expect(list.reads).not.toContain('post_reactions.find');
    // Saves keep no counter: always read.
    expect(list.reads).toContain('post_saves.find');
    const thread = await readsOf(threadPath());
    expect(thread.reads).not.toContain('comment_votes.find');
    expect(thread.reads).toContain('comment_saves.find');
  });

  it("reads them once an item has some, and shows the caller's own", async () => {
    await ok(h, 200, 'POST', `/api/posts/${post}/vote`, { as: reader, body: { vote_type: -1 } });
    await ok(h, 200, 'POST', `/api/posts/${post}/reactions`, {
      as: reader,
      body: { reaction_type: 'rocket' },
    });
    const comments = CommentThreadsResponse.parse((await readsOf(threadPath())).body).comments;
    await ok(h, 200, 'POST', `/api/comments/${comments[0]!.id}/vote`, {
      as: reader,
      body: { vote_type: 1 },
    });

    const list = await readsOf(listPath());
    expect(list.reads).toContain('post_votes.find');
    expect(list.reads).toContain('post_reactions.find');
    const posts = ListPostsResponse.parse(list.body).posts;
    const mine = posts.find((p) => p.id === post)!;
    expect(mine.user_vote).toBe(-1);
    expect(mine.user_reaction).toBe('rocket');
    expect(posts.find((p) => p.id !== post)!.user_vote).toBeNull();

    const thread = await readsOf(threadPath());
    expect(thread.reads).toContain('comment_votes.find');
    const shown = CommentThreadsResponse.parse(thread.body).comments;
    expect(shown.find((c) => c.id === comments[0]!.id)!.user_vote).toBe(1);
    expect(shown.find((c) => c.id !== comments[0]!.id)!.user_vote).toBeNull();
  });

  it('answers the same for another reader, who voted on nothing', async () => {
    const other = await h.user();
    const body = await ok(h, 200, 'GET', listPath(), { as: other });
    const posts = ListPostsResponse.parse(body).posts;
    expect(posts.map((p) => [p.user_vote, p.user_reaction])).toEqual([
      [null, null],
      [null, null],
    ]);
  });
});
