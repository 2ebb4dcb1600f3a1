import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AckPolicy, DeliverPolicy, JSONCodec } from 'nats';
import {
  CastVoteResponse,
  CommunityResponse,
  PostResponse,
  PostVotedEvent,
  Streams,
  Subjects,
} from '@forum/contracts';
import { waitFor } from '@forum/service-kit/testing';
import { hotScore } from './domain/hot-score.js';
import {
  communityBody,
  startHarness,
  textPost,
  uniqueName,
  type Harness,
  type TestUser,
} from './test-support/harness.js';

let h: Harness;
let author: TestUser;
let voter: TestUser;
let community: string;

beforeAll(async () => {
  h = await startHarness();
  author = await h.user('author');
  voter = await h.user('voter');
  const res = await h.call('POST', '/api/communities', {
    as: author,
    body: communityBody(uniqueName('votes')),
  });
  community = CommunityResponse.parse(res.body).community.id;
});
afterAll(async () => h?.stop());

const newPost = async () =>
  PostResponse.parse(
    (await h.call('POST', '/api/posts', { as: author, body: textPost(community) })).body,
  ).post;

const vote = async (postId: string, as: TestUser, vote_type: unknown) =>
  h.call('POST', `/api/posts/${postId}/vote`, { as, body: { vote_type } });

/** The stored post must agree with the votes collection and with its own hot score. */
async function expectConsistent(postId: string) {
  const post = (await h.models.Post.findById(postId).lean())!;
  const up = await h.models.PostVote.countDocuments({ post_id: postId, vote_type: 1 });
  const down = await h.models.PostVote.countDocuments({ post_id: postId, vote_type: -1 });
  expect({ upvotes: post.upvotes, downvotes: post.downvotes, score: post.score }).toEqual({
    upvotes: up,
    downvotes: down,
    score: up - down,
  });
  expect(post.hot).toBe(hotScore(post.score, post.created_at));
  return post;
}

describe('the vote state machine (spec §4)', () => {
  it.each([
    ['up', [1], 1, 1, 0, 1],
    ['up, up again removes', [1, 1], null, 0, 0, 0],
    ['down', [-1], -1, 0, 1, -1],
    ['up then down switches (score -2)', [1, -1], -1, 0, 1, -1],
    ['down then up switches (score +2)', [-1, 1], 1, 1, 0, 1],
    ['down, down removes', [-1, -1], null, 0, 0, 0],
  ])('%s', async (_label, votes, finalVote, up, down, score) => {
    const post = await newPost();
    let last: CastVoteResponse | undefined;
    let previousScore = 0;
    for (const v of votes) {
      const res = await vote(post.id, voter, v);
      expect(res.status).toBe(200);
      last = CastVoteResponse.parse(res.body);
      expect(Math.abs(last.score - previousScore)).toBeLessThanOrEqual(2);
      previousScore = last.score;
    }
    expect(last).toEqual({ vote: { vote_type: finalVote }, score, upvotes: up, downvotes: down });
    const state = await h.call('GET', `/api/posts/${post.id}/vote`, { as: voter });
    expect(state.body).toEqual({ vote: { vote_type: finalVote } });
    await expectConsistent(post.id);
  });

  it('answers null for a visitor and for someone who has not voted', async () => {
    const post = await newPost();
    expect((await h.call('GET', `/api/posts/${post.id}/vote`)).body).toEqual({
      vote: { vote_type: null },
    });
    expect((await h.call('GET', `/api/posts/${post.id}/vote`, { as: voter })).body).toEqual({
      vote: { vote_type: null },
    });
  });

  it('lets authors vote on their own posts', async () => {
    const post = await newPost();
    expect(CastVoteResponse.parse((await vote(post.id, author, 1)).body).score).toBe(1);
  });

  it.each([0, 2, '1', null, 'up', { $gt: 0 }, [1]])('refuses vote_type %j', async (v) => {
    const post = await newPost();
    const res = await vote(post.id, voter, v);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('vote_type must be 1 or -1');
  });

  it('needs sign-in and an existing post', async () => {
    const post = await newPost();
    expect(
      (await h.call('POST', `/api/posts/${post.id}/vote`, { body: { vote_type: 1 } })).status,
    ).toBe(401);
    expect((await vote('64b7f0c2a1b2c3d4e5f60799', voter, 1)).status).toBe(404);
  });
});

describe('votes under concurrency', () => {
  it('50 users voting at once give exact totals', async () => {
    const post = await newPost();
    const users = await Promise.all(Array.from({ length: 50 }, () => h.user()));
    const results = await Promise.all(users.map((u, i) => vote(post.id, u, i % 5 === 0 ? -1 : 1)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const stored = await expectConsistent(post.id);
    expect(stored).toMatchObject({ upvotes: 40, downvotes: 10, score: 30 });
  });

  it('one user toggling rapidly ends consistent', async () => {
    const post = await newPost();
    const sequence = Array.from({ length: 30 }, (_, i) => (i % 3 === 0 ? -1 : 1));
    await Promise.all(sequence.map((v) => vote(post.id, voter, v)));
    const stored = await expectConsistent(post.id);
    expect(Math.abs(stored.score)).toBeLessThanOrEqual(1);
    const mine = await h.call('GET', `/api/posts/${post.id}/vote`, { as: voter });
    expect((mine.body.vote as { vote_type: number | null }).vote_type ?? 0).toBe(stored.score);
  });
});

describe('forum.post.voted', () => {
  it('is published through the outbox with the author and the score delta', async () => {
    const post = await newPost();
    await vote(post.id, voter, 1);
    await vote(post.id, voter, -1);
    await vote(post.id, voter, -1);
    await h.outbox.flush();
    const jsm = await h.nc.jetstreamManager();
    const durable = `test_${Date.now()}`;
    await jsm.consumers.add(Streams.forum.name, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: Subjects.PostVoted,
    });
    const consumer = await h.nc.jetstream().consumers.get(Streams.forum.name, durable);
    const codec = JSONCodec();
    const events: ReturnType<typeof PostVotedEvent.parse>[] = [];
    await waitFor(async () => {
      const batch = await consumer.fetch({ max_messages: 100, expires: 1000 });
      for await (const msg of batch) {
        const event = PostVotedEvent.parse(codec.decode(msg.data));
        if (event.post_id === post.id) events.push(event);
        msg.ack();
      }
      return events.length >= 3;
    });
    expect(
      events.map((e) => [e.previous_vote_type, e.vote_type, e.score_delta, e.post_author_id]),
    ).toEqual([
      [0, 1, 1, author.id],
      [1, -1, -2, author.id],
      [-1, 0, 1, author.id],
    ]);
    expect(events[0]).toMatchObject({
      voter_id: voter.id,
      voter_username: 'voter',
      post_title: post.title,
      community_id: community,
    });
  });
});
