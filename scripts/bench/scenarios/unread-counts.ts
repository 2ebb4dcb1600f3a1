import type { BenchContext, ScenarioModule } from '../scenario.js';

/** Every signed-in tab polls both unread counts every 30 s: the busiest authenticated reads. */
function auth(ctx: BenchContext) {
  const token = ctx.seed?.user.token;
  if (!token) throw new Error('unread-count scenarios need the seeded user (--posts > 0)');
  return { authorization: `Bearer ${token}` };
}

export const unreadCounts: ScenarioModule = {
  scenarios: [
    {
      name: 'messages-unread-via-gateway',
      description: 'GET /api/messages/unread-count as the seeded user',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/messages/unread-count`,
        headers: auth(ctx),
      }),
    },
    {
      name: 'notifications-unread-via-gateway',
      description: 'GET /api/notifications/unread-count as the seeded user',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.gatewayUrl}/api/notifications/unread-count`,
        headers: auth(ctx),
      }),
    },
    {
      name: 'notifications-unread-direct',
      description: 'GET /api/notifications/unread-count straight to svc-messaging',
      needsSeed: true,
      request: (ctx) => ({
        url: `${ctx.serviceUrl('messaging')}/api/notifications/unread-count`,
        headers: auth(ctx),
      }),
    },
  ],
  comparisons: [
    {
      label: 'gateway overhead on /api/notifications/unread-count',
      baseline: 'notifications-unread-direct',
      subject: 'notifications-unread-via-gateway',
    },
  ],
};
