import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { AppealDoc } from '../models/appeal.js';
import { appealQueue, type QueueStatus } from '../domain/queue-query.js';
import { assertCanModerate } from '../policies/moderation-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';

export interface AppealPage {
  appeals: AppealDoc[];
  total: number;
  hasMore: boolean;
}

/**
 * GET /communities/{id}/appeals (moderators, EXTENSIONS §M6): open ones oldest first, decided
 * ones newest decision first.
 */
export async function listCommunityAppeals(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser,
  communityId: string,
  { status, limit, offset }: { status: QueueStatus; limit: number; offset: number },
): Promise<AppealPage> {
  const community = await findCommunity(models, communityId);
  assertCanModerate(await loadCommunityRole(models, community._id, user));
  const { filter, sort } = appealQueue({ communityId: community._id, status });
  const [appeals, total] = await Promise.all([
    models.Appeal.find(filter).sort(sort).skip(offset).limit(limit).lean<AppealDoc[]>(),
    models.Appeal.countDocuments(filter),
  ]);
  return { appeals, total, hasMore: offset + appeals.length < total };
}
