import { CommunityTexts } from '@forum/contracts';
import { notFound, toObjectId } from '@forum/service-kit';
import type { ForumModels } from '../../models/index.js';
import type { CommunityDoc } from '../../models/community.js';

/** The community or 404 'Community not found'. */
export async function findCommunity({ Community }: ForumModels, id: string): Promise<CommunityDoc> {
  const community = await Community.findById(toObjectId(id)).lean<CommunityDoc>();
  if (!community) throw notFound(CommunityTexts.notFound);
  return community;
}
