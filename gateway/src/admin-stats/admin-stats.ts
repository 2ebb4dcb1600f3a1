import type { Context } from 'koa';
import type { Dispatcher } from 'undici';
import { ForumStats, IdentityStats, type AdminStats } from '@forum/contracts';
import { HttpError, type Auth } from '@forum/service-kit';

export const ADMIN_ONLY = 'Access denied. Admin privileges required.';
export const STATS_UNAVAILABLE = 'Service unavailable';

export interface AdminStatsDeps {
  auth: Auth;
  adminUsername: string;
  identity: Dispatcher;
  forum: Dispatcher;
  timeoutMs: number;
}

/**
 * GET /api/admin/stats: the only composed endpoint (ARCHITECTURE §2). Users are counted by
 * identity, communities/posts/comments by forum; each answers its own GET /internal/stats.
 * The admin check happens here because neither service sees the whole answer.
 */
export async function adminStats(ctx: Context, deps: AdminStatsDeps): Promise<void> {
  await deps.auth.requireAuth(ctx, async () => {});
  if (ctx.state.user?.username !== deps.adminUsername) throw new HttpError(403, ADMIN_ONLY);

  const [users, forum] = await Promise.all([
    internalStats(ctx, 'identity', deps.identity, deps.timeoutMs, IdentityStats),
    internalStats(ctx, 'forum', deps.forum, deps.timeoutMs, ForumStats),
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

interface Parser<T> {
  parse(value: unknown): T;
}

async function internalStats<T>(
  ctx: Context,
  service: string,
  upstream: Dispatcher,
  timeoutMs: number,
  schema: Parser<T>,
): Promise<T> {
  try {
    const res = await upstream.request({
      path: '/internal/stats',
      method: 'GET',
      headers: { 'x-request-id': ctx.requestId, accept: 'application/json' },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
    if (res.statusCode !== 200) {
      await res.body.dump();
      throw new Error(`internal stats answered ${res.statusCode}`);
    }
    return schema.parse(await res.body.json());
  } catch (err) {
    // Down, slow, failing or answering nonsense: the dashboard cannot show totals either way.
    // One warn line without a stack (a service being down is not a gateway bug); the error
    // middleware adds its own `request failed` line with the cause.
    const reason = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ service, reason }, 'internal stats unavailable');
    throw new HttpError(503, STATS_UNAVAILABLE, undefined, { cause: err, expected: true });
  }
}
