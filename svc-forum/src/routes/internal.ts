import type { ServiceHandlers } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import { presentForumStats } from '../presenters/forum-stats.js';
import { getForumStats } from '../use-cases/get-forum-stats.js';

/** Service-to-service endpoints; the gateway never routes /internal. */
export function internalHandlers({ conn }: ForumDeps) {
  return {
    'GET forum:/internal/stats': async () => presentForumStats(await getForumStats(conn)),
  } satisfies Partial<ServiceHandlers<'forum'>>;
}
