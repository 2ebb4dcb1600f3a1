import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSONCodec } from 'nats';
import { Subjects, createEvent } from '@forum/contracts';
import { publishEvent } from '@forum/service-kit';
import { startHarness, waitFor, type IdentityHarness } from '../test-support/identity-harness.js';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.stop());

const ids = {
  post: '64b7f0c2a1b2c3d4e5f60701',
  community: '64b7f0c2a1b2c3d4e5f60702',
  comment: '64b7f0c2a1b2c3d4e5f60703',
  voter: '64b7f0c2a1b2c3d4e5f60704',
};
const vote = { voter_id: ids.voter, voter_username: 'voter' };

describe('total_score from forum vote events', () => {
  it('applies post and comment votes, and counts a redelivery once', async () => {
    const author = await h.register('Author');
    const js = (await h.producer()).jetstream();
    const postVote = createEvent(Subjects.PostVoted, {
      post_id: ids.post,
      post_title: 'Hello',
      post_author_id: author.id,
      community_id: ids.community,
      ...vote,
      vote_type: 1,
      previous_vote_type: -1,
      score_delta: 2,
    });
    await publishEvent(js, Subjects.PostVoted, postVote);
    // The same event again, past JetStream's msgID de-duplication: a true redelivery.
    await js.publish(Subjects.PostVoted, JSONCodec().encode(postVote));
    await publishEvent(
      js,
      Subjects.CommentVoted,
      createEvent(Subjects.CommentVoted, {
        comment_id: ids.comment,
        post_id: ids.post,
        comment_author_id: author.id,
        ...vote,
        vote_type: -1,
        previous_vote_type: 0,
        score_delta: -1,
      }),
    );
    const scoreOf = async () =>
      (await h.api.get(`/api/auth/user/${author.username}`)).body.user.total_score as number;
    await waitFor(async () => (await scoreOf()) === 1, { what: 'total_score 1' });
    // Let the copy be processed too; it must not count.
    const jsm = await (await h.producer()).jetstreamManager();
    await waitFor(async () => {
      const info = await jsm.consumers.info('FORUM', 'identity-total-score');
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });
    expect(await scoreOf()).toBe(1);
    const me = await h.api.get('/api/auth/me', { token: author.token });
    expect(me.body.user.total_score).toBe(1);
  });

  it('ignores votes for unknown authors without parking', async () => {
    const js = (await h.producer()).jetstream();
    await publishEvent(
      js,
      Subjects.PostVoted,
      createEvent(Subjects.PostVoted, {
        post_id: ids.post,
        post_title: 'x',
        post_author_id: '64b7f0c2a1b2c3d4e5f60799',
        community_id: ids.community,
        ...vote,
        vote_type: 1,
        previous_vote_type: 0,
        score_delta: 1,
      }),
    );
    await new Promise((r) => setTimeout(r, 300));
    expect(await h.service.conn.collection('parked_events').countDocuments({})).toBe(0);
  });
});
