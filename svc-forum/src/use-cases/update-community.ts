import type { UpdateCommunityBody } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommunityDoc } from '../models/community.js';
import { assertCanEditCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import { logCommunity, runModeration } from './shared/run-moderation.js';
import { communitySearchTerms } from '../domain/search-terms.js';

/**
 * Description and rules only (the name never changes), by the owner or the admin. A change is
 * public: the edit and its update_community log entry are one transaction (EXTENSIONS §M3); an
 * edit that changes nothing logs nothing.
 */
export async function updateCommunity(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
  body: UpdateCommunityBody,
): Promise<CommunityDoc> {
  const { models } = deps;
  const community = await findCommunity(models, communityId);
  assertCanEditCommunity(await loadCommunityRole(models, community._id, user));
  if (community.description === body.description && community.rules === body.rules) {
    return community;
  }
  return runModeration(deps, user, async ({ session, record }) => {
    const updated = await models.Community.findOneAndUpdate(
      { _id: community._id },
      {
        $set: {
          description: body.description,
          rules: body.rules,
          search_terms: communitySearchTerms({ name: community.name, ...body }),
        },
      },
      { returnDocument: 'after', session },
    ).lean<CommunityDoc>();
    await record({
      community: logCommunity(community),
      action: 'update_community',
      target: { type: 'community', id: community._id },
    });
    return updated ?? { ...community, ...body };
  });
}
