import { CommunityTexts } from '@forum/contracts';
import { notFound, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { CommunityDoc } from '../../models/community.js';

/** 404 'Community not found' for a missing community and for one whose delete has started. */
export function assertLiveCommunity<C extends Pick<CommunityDoc, 'deleting'>>(
  community: C | null,
): asserts community is C {
  if (!community || community.deleting) throw notFound(CommunityTexts.notFound);
}

/** The community or 404 'Community not found'. */
export async function findCommunity({ Community }: ForumModels, id: string): Promise<CommunityDoc> {
  const community = await Community.findById(toObjectId(id)).lean<CommunityDoc>();
  assertLiveCommunity(community);
  return community;
}
