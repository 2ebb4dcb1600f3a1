import { Types } from 'mongoose';
import { AuthMessages, ModerationTexts } from '@forum/contracts';
import { badRequest, inTransaction, notFound, type AuthUser } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';
import { revokeAllSessions } from '../services/sessions.js';
import { publishSiteModeration, publishUserUpdated } from '../events/user-events.js';

export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';

/**
 * Deactivation ends every session at once and tells the other services (identity.user.updated
 * with is_active), whose copies of the still-valid access tokens they can then refuse. It is also
 * a public moderation act (EXTENSIONS §M3): a real change of state writes
 * identity.user.site_moderated (site_ban with the reason, or site_unban), which forum turns into
 * a site-wide log entry. Everything shares one transaction: the status never changes without its
 * events, and a repeat (the state already in effect) adds no log entry.
 */
export async function setUserActive(
  deps: IdentityDeps,
  {
    admin,
    userId,
    isActive,
    reason,
  }: { admin: AuthUser; userId: string; isActive: boolean; reason?: string | undefined },
): Promise<PresentableUser> {
  if (!isActive && admin.id === userId) throw badRequest(CANNOT_DEACTIVATE_SELF);
  // The contract refuses this already; kept here so no caller can log a site_ban without a reason.
  if (!isActive && !reason) throw badRequest(ModerationTexts.reasonRequired);
  const _id = new Types.ObjectId(userId);
  return inTransaction(deps.conn, async (session) => {
    // The state before the update tells a change from a repeat; inside the transaction a
    // concurrent change of the same user conflicts and retries, so only one of them sees it.
    const before = await deps.models.User.findOneAndUpdate(
      // A deleted account stays inactive: it has no profile, no email and no password left.
      { _id, deleted_at: null },
      { $set: { is_active: isActive } },
      { returnDocument: 'before', projection: USER_FIELDS },
    ).lean<PresentableUser>();
    if (!before) throw notFound(AuthMessages.userNotFound);
    const user: PresentableUser = { ...before, is_active: isActive };
    if (!isActive) await revokeAllSessions(deps, _id, 'deactivated');
    await publishUserUpdated(deps, session, user);
    // Documents from before the field existed count as active (the schema's default).
    if ((before.is_active !== false) !== isActive) {
      await publishSiteModeration(deps, session, {
        action: isActive ? 'site_unban' : 'site_ban',
        user,
        moderator: admin,
        reason: reason ?? null,
      });
    }
    return user;
  });
}
