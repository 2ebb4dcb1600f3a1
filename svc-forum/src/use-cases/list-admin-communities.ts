import type { ForumModels } from '../models/index.js';
import type { CommunityDoc } from '../models/community.js';
import { NOT_DELETING } from '../models/deletion.js';

/** Every community with its counters (post_count is a maintained counter, not a count). */
export const listAdminCommunities = ({ Community }: ForumModels): Promise<CommunityDoc[]> =>
  Community.find(NOT_DELETING).sort({ member_count: -1, _id: -1 }).lean<CommunityDoc[]>();
