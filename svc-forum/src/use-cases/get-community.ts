import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { assertLiveCommunity, findCommunity } from './shared/find-community.js';

/** By id, or by name ignoring case (names are unique ignoring case). */
export async function getCommunity(
  models: ForumModels,
  key: { id: string } | { name: string },
): Promise<CommunityDoc> {
  if ('id' in key) return findCommunity(models, key.id);
  const community = await models.Community.findOne({
    name_lower: key.name.toLowerCase(),
  }).lean<CommunityDoc>();
  assertLiveCommunity(community);
  return community;
}
