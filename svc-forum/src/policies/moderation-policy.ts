import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, forbidden, type AuthUser } from '@forum/service-kit';
import type { ModeratorRole } from '../models/moderator.js';

/**
 * The caller's standing in one community (EXTENSIONS §M1): the site admin may do everything an
 * owner may, everywhere; null is everyone else (visitors, members, outsiders).
 */
export type CommunityRole = ModeratorRole | 'admin' | null;

/** Moderators, the owner and the admin act on posts, comments and bans. */
export const canModerate = (role: CommunityRole): boolean => role !== null;

export function assertCanModerate(role: CommunityRole): void {
  if (!canModerate(role)) throw forbidden(T.forbidden);
}

/** Only the owner and the admin appoint, remove and hand over (§M1). */
export const canManageTeam = (role: CommunityRole): boolean => role === 'owner' || role === 'admin';

export function assertCanManageTeam(role: CommunityRole): void {
  if (!canManageTeam(role)) throw forbidden(T.forbidden);
}

/**
 * The owner or the admin removes any moderator; a moderator may remove themselves (step down).
 * Nobody else, whoever the target is.
 */
export function assertCanRemoveModerator(
  role: CommunityRole,
  user: AuthUser,
  targetUserId: string,
): void {
  if (canManageTeam(role)) return;
  if (role === 'moderator' && user.id === targetUserId) return;
  throw forbidden(T.forbidden);
}

/** A banned user's writes in the community are refused (§M2). */
export function assertNotBanned(banned: boolean): void {
  if (banned) throw forbidden(T.banned);
}

/** Moderators, the owner and the admin cannot be banned where they moderate. */
export function assertBannable(targetRole: CommunityRole): void {
  if (targetRole !== null) throw badRequest(T.cannotBanModerator);
}

/** New comments on a locked post: only its community's moderators may still write. */
export function assertCanCommentOn(post: { locked?: boolean }, role: CommunityRole): void {
  if (post.locked && !canModerate(role)) throw forbidden(T.postLocked);
}

/**
 * Who reads removed content in full (§M4): the admin and the community's moderators everywhere,
 * the author their own. `moderates` holds the communities (hex ids) the reader moderates.
 */
export interface Viewer {
  userId: string | null;
  isAdmin: boolean;
  moderates: ReadonlySet<string>;
}

export const VISITOR: Viewer = { userId: null, isAdmin: false, moderates: new Set() };

/** The caller as an author (what they wrote they always read in full). */
export const authorView = (user: AuthUser): Viewer => ({
  userId: user.id,
  isAdmin: user.isAdmin,
  moderates: new Set(),
});

export const moderatesCommunity = (viewer: Viewer, communityId: { toHexString(): string }) =>
  viewer.isAdmin || viewer.moderates.has(communityId.toHexString());

/** May this reader see a removed item as it was (and why it was removed)? */
export function seesRemoved(
  viewer: Viewer,
  item: {
    community_id: { toHexString(): string };
    author_id: { toHexString(): string } | null;
  },
): boolean {
  if (moderatesCommunity(viewer, item.community_id)) return true;
  return viewer.userId !== null && item.author_id?.toHexString() === viewer.userId;
}
