import type { ModlogQuery } from '@forum/contracts';
import type { AuthUser } from '@forum/service-kit';
import { assertCanViewPost } from '../policies/nsfw-policy.js';
import { findCommunity } from './shared/find-community.js';
import { findModlogPage, type ModlogPage } from './shared/modlog-page.js';
import type { ForumDeps } from '../deps.js';

/** GET /communities/{id}/modlog: public, except an NSFW community's, like its posts (§M3). */
export async function listCommunityModlog(
  { models }: Pick<ForumDeps, 'models'>,
  user: AuthUser | undefined,
  communityId: string,
  query: ModlogQuery,
): Promise<ModlogPage> {
  const community = await findCommunity(models, communityId);
  assertCanViewPost({ community_nsfw: community.is_nsfw }, user);
  return findModlogPage(models, { communityId: community._id, visitor: !user }, query);
}
