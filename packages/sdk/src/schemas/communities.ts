import {
  CommunityResponse,
  JoinLeaveResponse,
  ListCommunitiesResponse,
  ListMembersResponse,
  LogoResponse,
  MembershipResponse,
  MessageResponse,
} from '@forum/contracts';
import type { SuccessSchemaTable } from '../successSchemas';

/** Communities: the directory, one community, joining, membership, members and logos. */
export const schemas = {
  'POST /api/communities': CommunityResponse,
  'GET /api/communities': ListCommunitiesResponse,
  'GET /api/communities/my': ListCommunitiesResponse,
  'GET /api/communities/id/{id}': CommunityResponse,
  'GET /api/communities/name/{name}': CommunityResponse,
  'POST /api/communities/{id}/join': JoinLeaveResponse,
  'POST /api/communities/{id}/leave': JoinLeaveResponse,
  'PUT /api/communities/{id}': CommunityResponse,
  'DELETE /api/communities/{id}': MessageResponse,
  'GET /api/communities/{id}/membership': MembershipResponse,
  'GET /api/communities/{id}/members': ListMembersResponse,
  'POST /api/communities/{id}/logo': LogoResponse,
  'DELETE /api/communities/{id}/logo': LogoResponse,
} satisfies Partial<SuccessSchemaTable>;
