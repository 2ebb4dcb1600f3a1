import type { AdminCommunitiesResponse, ListCommunitiesResponse } from '@forum/contracts';
import type { CommunityDoc } from '../models/community.js';
import type { CommunityPage } from '../use-cases/list-communities.js';
import { presentAdminCommunity, presentCommunity } from './community.js';
import { presentPagination } from './pagination.js';

export const presentCommunityPage = (page: CommunityPage): ListCommunitiesResponse => ({
  communities: page.communities.map(presentCommunity),
  pagination: presentPagination(page),
});

/** The admin list: every community with its post_count. */
export const presentAdminCommunities = (docs: CommunityDoc[]): AdminCommunitiesResponse => ({
  communities: docs.map(presentAdminCommunity),
});
