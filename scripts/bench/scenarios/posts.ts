import type { ScenarioModule } from '../scenario.js';

const HOME_QUERY = '/api/posts?sort=new&limit=20&offset=0';

/** The home page's data call (spec: public home shows 20 posts, sort new). */
export const posts: ScenarioModule = {
  scenarios: [
    {
      name: 'home-posts-via-gateway',
      description: 'GET /api/posts?sort=new&limit=20 through the gateway',
      needsSeed: true,
      request: (ctx) => ({ url: `${ctx.gatewayUrl}${HOME_QUERY}` }),
    },
    {
      name: 'home-posts-direct-forum',
      description: 'GET /api/posts?sort=new&limit=20 straight to svc-forum',
      needsSeed: true,
      request: (ctx) => ({ url: `${ctx.serviceUrl('forum')}${HOME_QUERY}` }),
    },
  ],
  comparisons: [
    {
      label: 'gateway overhead on the home feed',
      baseline: 'home-posts-direct-forum',
      subject: 'home-posts-via-gateway',
    },
  ],
};
