import type { BenchContext, ScenarioModule } from '../scenario.js';

/** The seeded user, community and first post; the forum scenarios need all three. */
function seeded(ctx: BenchContext) {
  const seed = ctx.seed;
  const post = seed?.posts[0];
  if (!seed || !post) throw new Error('forum scenarios need the seeded posts (--posts > 0)');
  return { token: seed.user.token, community: seed.community.id, post: post.id };
}

/** The signed-in home page, a community page and a vote: the forum's hot paths. */
export const forum: ScenarioModule = {
  scenarios: [
    {
      name: 'home-feed-via-gateway',
      description: 'GET /api/posts?feed=joined&sort=hot&limit=20 as the seeded (member) user',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/posts?feed=joined&sort=hot&limit=20&offset=0`,
        headers: { authorization: `Bearer ${seeded(ctx).token}` },
      }),
    },
    {
      name: 'community-hot-via-gateway',
      description: 'GET /api/posts?community_id=<seeded>&sort=hot&limit=20 (visitor)',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/posts?community_id=${seeded(ctx).community}&sort=hot&limit=20&offset=0`,
      }),
    },
    {
      name: 'post-vote-via-gateway',
      description:
        'POST /api/posts/<seeded>/vote {vote_type: 1}: toggles the vote (atomic steps, $inc, hot, outbox event)',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/posts/${seeded(ctx).post}/vote`,
        method: 'POST',
        headers: {
          authorization: `Bearer ${seeded(ctx).token}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ vote_type: 1 }),
      }),
    },
  ],
};
