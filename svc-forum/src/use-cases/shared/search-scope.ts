import { readLean, type AuthUser } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { CommunityDoc } from '../../models/community.js';
import { withoutAuthors, type Hidden } from '../../domain/hidden-filter.js';
import { searchListFilter } from '../../domain/search-query.js';
import type { Viewer } from '../../policies/moderation-policy.js';
import { assertLiveCommunity } from './find-community.js';
import { loadHidden } from './hidden.js';
import { loadBlockedAuthors } from './load-blocks.js';
import { loadViewer, removedSeenBy } from './load-viewer.js';

/** Who searches and where: what a post or comment search leaves out follows from it. */
export interface SearchScope {
  viewer: Viewer;
  hidden: Hidden;
  /**
   * The lists' rules as a filter (searchListFilter), without the authors the caller blocked
   * (EXTENSIONS §B1: their posts leave every list, search results too; a residual $nin).
   */
  listFilter: Record<string, unknown>;
}

/**
 * The viewer, the deletes in progress and the community by name (404 'Community not found',
 * also while its delete runs), read at once.
 */
export async function loadSearchScope(
  models: ForumModels,
  user: AuthUser | undefined,
  communityName: string | undefined,
): Promise<SearchScope> {
  const [viewer, hidden, blocked, community] = await Promise.all([
    loadViewer(models, user),
    loadHidden(models),
    loadBlockedAuthors(models, user),
    communityName === undefined
      ? undefined
      : readLean<Pick<CommunityDoc, '_id' | 'deleting'>>(
          models.Community,
          { name_lower: communityName.toLowerCase() },
          { projection: { _id: 1, deleting: 1 }, limit: 1 },
        ).then(([found]) => found ?? null),
  ]);
  if (community !== undefined) assertLiveCommunity(community);
  const communityId = community?._id;
  return {
    viewer,
    hidden,
    // Never null: the list filter names no author, so the exclusion is a $nin.
    listFilter: withoutAuthors(
      searchListFilter({
        ...(communityId ? { communityId } : {}),
        visitor: !user,
        removedSeen: removedSeenBy(viewer),
      }),
      blocked,
    )!,
  };
}
