import { CommunityTexts, PostTexts } from '@forum/contracts';
import { badRequest, forbidden } from '@forum/service-kit';
import { canManageTeam, type CommunityRole } from './moderation-policy.js';

/**
 * Spec §6, with EXTENSIONS §M1: the owner (at first the creator) or the site admin edits, sets
 * the logo and deletes; nobody else.
 */
export function assertCanEditCommunity(role: CommunityRole): void {
  if (!canManageTeam(role)) throw forbidden(CommunityTexts.cannotEdit);
}

export function assertCanDeleteCommunity(role: CommunityRole): void {
  if (!canManageTeam(role)) throw forbidden(CommunityTexts.cannotDelete);
}

/** The owner cannot leave their own community (hand it over first). */
export function assertCanLeave(isOwner: boolean): void {
  if (isOwner) throw badRequest(CommunityTexts.creatorCannotLeave);
}

/** Spec §6: only members may post in a community. */
export function assertCanPostIn(isMember: boolean): void {
  if (!isMember) throw forbidden(PostTexts.notMember);
}
