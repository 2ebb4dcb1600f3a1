import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentForumStats } from '../presenters/forum-stats.js';
import { getForumStats } from '../use-cases/get-forum-stats.js';
import { presentForumExport } from '../presenters/forum-export.js';
import { exportAccountData } from '../use-cases/export-account-data.js';

/** Service-to-service endpoints; the gateway never routes /internal. */
export function internalHandlers({ conn, models }: ForumDeps) {
  return {
    'GET forum:/internal/stats': async () => presentForumStats(await getForumStats(conn)),
    // EXTENSIONS §B2: the gateway forwards the caller's token; the part is the verified caller's.
    'GET forum:/internal/export': async ({ user }) =>
      presentForumExport(await exportAccountData(models, user)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
