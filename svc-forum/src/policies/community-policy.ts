import { CommunityTexts, PostTexts } from '@forum/contracts';
import { forbidden, type AuthUser } from '@forum/service-kit';
import type { CommunityDoc } from '../models/community.js';

/** Spec §6: the creator (created_by) edits, sets the logo and deletes; nobody else. */
export const isCreator = (community: Pick<CommunityDoc, 'created_by'>, user: AuthUser) =>
  community.created_by.toHexString() === user.id;

export function assertCanEditCommunity(community: CommunityDoc, user: AuthUser): void {
  if (!isCreator(community, user)) throw forbidden(CommunityTexts.cannotEdit);
}

export function assertCanDeleteCommunity(community: CommunityDoc, user: AuthUser): void {
  if (!isCreator(community, user)) throw forbidden(CommunityTexts.cannotDelete);
}

/** Spec §6: only members may post in a community. */
export function assertCanPostIn(isMember: boolean): void {
  if (!isMember) throw forbidden(PostTexts.notMember);
}
