import type { Context } from 'koa';
import type { Dispatcher } from 'undici';
import { ForumExport, IdentityExport, MessagingExport, type AccountExport } from '@forum/contracts';
import type { Auth } from '@forum/service-kit';
import { fetchInternal } from '../internal-calls/fetch-internal.js';
import { exportFilename } from './export-filename.js';

export interface AccountExportDeps {
  auth: Auth;
  identity: Dispatcher;
  forum: Dispatcher;
  messaging: Dispatcher;
  timeoutMs: number;
}

/**
 * GET /api/auth/me/export (EXTENSIONS §B2): each service answers GET /internal/export with the
 * caller's records, judged by the caller's own token (forwarded), so a deleted or deactivated
 * account's token gets the services' 401. The file is all parts or a 503, never a partial file.
 */
export async function accountExport(ctx: Context, deps: AccountExportDeps): Promise<void> {
  await deps.auth.requireAuth(ctx, async () => {});
  const part = { path: '/internal/export', timeoutMs: deps.timeoutMs, forwardAuthorization: true };
  const [identity, forum, messaging] = await Promise.all([
    fetchInternal(ctx, {
      ...part,
      service: 'identity',
      upstream: deps.identity,
      schema: IdentityExport,
    }),
    fetchInternal(ctx, { ...part, service: 'forum', upstream: deps.forum, schema: ForumExport }),
    fetchInternal(ctx, {
      ...part,
      service: 'messaging',
      upstream: deps.messaging,
      schema: MessagingExport,
    }),
  ]);
  const now = new Date();
  const body: AccountExport = {
    exported_at: now.toISOString(),
    ...identity,
    ...forum,
    ...messaging,
  };
  ctx.set('Cache-Control', 'no-store');
  ctx.set(
    'Content-Disposition',
    `attachment; filename="${exportFilename(ctx.state.user?.username ?? '', now)}"`,
  );
  ctx.type = 'application/json';
  ctx.body = JSON.stringify(body, null, 2);
}
