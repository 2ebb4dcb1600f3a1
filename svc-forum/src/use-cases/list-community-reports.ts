import type { AuthUser } from '@forum/service-kit';
import type { QueueStatus } from '../domain/queue-query.js';
import { assertCanModerate, type CommunityRole } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import { findReportPage, type ReportPage } from './shared/report-page.js';
import type { ForumDeps } from '../deps.js';

/**
 * GET /communities/{id}/reports (moderators, EXTENSIONS §M5): one row per reported item, open
 * ones oldest first, closed ones newest resolution first. The caller's role decides whether
 * reporters are shown (the admin only).
 */
export async function listCommunityReports(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  communityId: string,
  query: { status: QueueStatus; limit: number; offset: number },
): Promise<{ page: ReportPage; role: CommunityRole }> {
  const community = await findCommunity(models, communityId);
  const role = await loadCommunityRole(models, community._id, user);
  assertCanModerate(role);
  const page = await findReportPage(
    models,
    { communityId: community._id, status: query.status },
    query,
  );
  return { page, role };
}
