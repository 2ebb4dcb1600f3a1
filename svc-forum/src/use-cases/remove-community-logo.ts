import type { AuthUser } from '@forum/service-kit';
import type { ForumDeps } from '../deps.js';
import type { CommunityDoc } from '../models/community.js';
import { assertCanEditCommunity } from '../policies/community-policy.js';
import { findCommunity } from './shared/find-community.js';
import { loadCommunityRole } from './shared/community-role.js';
import { releaseLogo } from './shared/release-image.js';

/** The owner or the admin (EXTENSIONS §M1); idempotent. */
export async function removeCommunityLogo(
  deps: ForumDeps,
  user: AuthUser,
  communityId: string,
): Promise<void> {
  const community = await findCommunity(deps.models, communityId);
  assertCanEditCommunity(await loadCommunityRole(deps.models, community._id, user));
  const previous = await deps.models.Community.findOneAndUpdate(
    { _id: community._id },
    { $set: { logo_url: null } },
    { projection: { logo_url: 1 } },
  ).lean<Pick<CommunityDoc, 'logo_url'>>();
  await releaseLogo(deps, previous?.logo_url);
}
