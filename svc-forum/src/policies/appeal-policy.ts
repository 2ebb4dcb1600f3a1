import { ModerationTexts as T } from '@forum/contracts';
import { badRequest, forbidden, type AuthUser } from '@forum/service-kit';
import type { Types } from 'mongoose';
import type { ModlogAction } from '@forum/contracts';
import { isAppealable, type AppealableAction } from '../models/appeal.js';
import { assertCanModerate, type CommunityRole } from './moderation-policy.js';

export const APPEAL_DECIDED = 'The appeal is already decided';
export const NOT_APPEALABLE = 'Only the removal of a post or comment and a ban can be appealed';

/**
 * Who may appeal a log entry (EXTENSIONS §M6): only whom it concerns (403 before anything else
 * is said about someone else's entry), and only a removal or a ban of their own.
 */
export function assertCanAppeal(
  entry: { target_user_id: Types.ObjectId | null; action: ModlogAction },
  user: AuthUser,
): asserts entry is { target_user_id: Types.ObjectId; action: AppealableAction } {
  if (entry.target_user_id?.toHexString() !== user.id) throw forbidden(T.notYourDecision);
  if (!isAppealable(entry.action)) throw badRequest(NOT_APPEALABLE);
}

/**
 * Who decides an appeal (EXTENSIONS §M6): the community's moderators, owner and the admin. The
 * moderator whose action is appealed does not while the team has someone else to review it
 * (`othersOnTeam`: a member besides the caller and the appellant), and nobody decides their own
 * appeal. The admin is on no team and always may.
 */
export function assertCanDecide(
  role: CommunityRole,
  user: AuthUser,
  appeal: { moderator_id: Types.ObjectId; appellant_id: Types.ObjectId },
  othersOnTeam: boolean,
): void {
  assertCanModerate(role);
  if (role === 'admin') return;
  if (appeal.appellant_id.toHexString() === user.id) throw forbidden(T.anotherModerator);
  if (appeal.moderator_id.toHexString() === user.id && othersOnTeam) {
    throw forbidden(T.anotherModerator);
  }
}
