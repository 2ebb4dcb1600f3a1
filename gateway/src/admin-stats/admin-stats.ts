import type { Context } from 'koa';
import type { Dispatcher } from 'undici';
import { ForumStats, IdentityStats, type AdminStats } from '@forum/contracts';
import { HttpError, type Auth } from '@forum/service-kit';
import { fetchInternal } from '../internal-calls/fetch-internal.js';

export const ADMIN_ONLY = 'Access denied. Admin privileges required.';

export interface AdminStatsDeps {
  auth: Auth;
  adminUsername: string;
  identity: Dispatcher;
  forum: Dispatcher;
  timeoutMs: number;
}

/**
 * GET /api/admin/stats (ARCHITECTURE §2). Users are counted by identity, communities/posts/comments
 * by forum; each answers its own GET /internal/stats. The admin check happens here because
 * neither service sees the whole answer.
 */
export async function adminStats(ctx: Context, deps: AdminStatsDeps): Promise<void> {
  await deps.auth.requireAuth(ctx, async () => {});
  if (ctx.state.user?.username !== deps.adminUsername) throw new HttpError(403, ADMIN_ONLY);

  const stats = { path: '/internal/stats', timeoutMs: deps.timeoutMs };
  const [users, forum] = await Promise.all([
    fetchInternal(ctx, {
      ...stats,
      service: 'identity',
      upstream: deps.identity,
      schema: IdentityStats,
    }),
    fetchInternal(ctx, { ...stats, service: 'forum', upstream: deps.forum, schema: ForumStats }),
  ]);
  const body: AdminStats = {
    total_users: users.total_users,
    total_communities: forum.total_communities,
    total_posts: forum.total_posts,
    total_comments: forum.total_comments,
  };
  ctx.set('Cache-Control', 'no-store');
  ctx.body = body;
}
