import { findCommunity } from './shared/find-community.js';
import type { ModerationDeps } from './shared/moderation-deps.js';
import { loadTeam, type TeamSeat } from './shared/moderator-team.js';

/** GET /communities/{id}/moderators (public). */
export async function listModerators(
  { models }: Pick<ModerationDeps, 'models'>,
  communityId: string,
): Promise<TeamSeat[]> {
  const community = await findCommunity(models, communityId);
  return loadTeam(models, community._id);
}
