import type { UpdateCommunityBody } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { assertCanEditCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';

/** Description and rules only: the name never changes. */
export async function updateCommunity(
  models: ForumModels,
  user: AuthUser,
  communityId: string,
  body: UpdateCommunityBody,
): Promise<CommunityDoc> {
  const community = await findCommunity(models, communityId);
  assertCanEditCommunity(community, user);
  const updated = await models.Community.findOneAndUpdate(
    { _id: community._id },
    { $set: { description: body.description, rules: body.rules } },
    { returnDocument: 'after' },
  ).lean<CommunityDoc>();
  return updated ?? { ...community, ...body };
}
