import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, forbidden, notFound, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ReportTarget } from '../models/report.js';
import { canModerate, type CommunityRole } from './moderation-policy.js';

/**
 * Who may report an item (EXTENSIONS §M5): anyone signed in who can read it, but not its author.
 * A removed item is no longer there to report (its moderators already acted): 404, as for a
 * deleted one.
 */
export function assertCanReport(
  item: { author_id: Types.ObjectId | null; removed?: boolean },
  user: AuthUser,
  notFoundText: string,
): void {
  if (item.author_id?.toHexString() === user.id) throw badRequest(T.ownContent);
  if (item.removed) throw notFound(notFoundText);
}

/**
 * Post and comment reports go to the community's moderators (and the admin); message reports to
 * the admin only. `role` is the caller's role in the report's community (null for a message).
 */
export function assertCanResolve(target: ReportTarget, role: CommunityRole): void {
  const allowed = target === 'message' ? role === 'admin' : canModerate(role);
  if (!allowed) throw forbidden(T.forbidden);
}

/** Moderators never see who reported (§M5); the admin does. */
export const seesReporters = (role: CommunityRole): boolean => role === 'admin';
