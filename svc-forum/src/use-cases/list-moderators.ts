import { findCommunity } from './shared/find-community.js';
import type { ForumDeps } from '../deps.js';
import { loadTeam, type TeamSeat } from './shared/moderator-team.js';

/** GET /communities/{id}/moderators (public). */
export async function listModerators(
  { models }: Pick<ForumDeps, 'models'>,
  communityId: string,
): Promise<TeamSeat[]> {
  const community = await findCommunity(models, communityId);
  return loadTeam(models, community._id);
}
