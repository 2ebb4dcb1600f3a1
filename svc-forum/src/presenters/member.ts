import type { CommunityMember, ListMembersResponse } from '@forum/contracts';
import type { MembershipDoc } from '../models/membership.js';
import type { MemberPage } from '../use-cases/list-community-members.js';
import { presentPagination } from './pagination.js';

export const presentMember = (doc: MembershipDoc): CommunityMember => ({
  user_id: doc.user_id.toHexString(),
  username: doc.username,
  is_moderator: doc.is_moderator ?? false,
  joined_at: doc.joined_at.toISOString(),
});

export const presentMemberPage = (page: MemberPage): ListMembersResponse => ({
  members: page.members.map(presentMember),
  pagination: presentPagination(page),
});
