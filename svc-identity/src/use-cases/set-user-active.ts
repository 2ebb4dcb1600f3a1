import { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { badRequest, inTransaction, notFound, type AuthUser } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';
import { revokeAllSessions } from '../services/sessions.js';
import { publishUserUpdated } from '../events/user-events.js';

export const CANNOT_DEACTIVATE_SELF = 'You cannot deactivate your own account';

/**
 * Deactivation ends every session at once and tells the other services (identity.user.updated
 * with is_active), whose copies of the still-valid access tokens they can then refuse. The three
 * writes share one transaction: the status never changes without its event.
 */
export async function setUserActive(
  deps: IdentityDeps,
  { admin, userId, isActive }: { admin: AuthUser; userId: string; isActive: boolean },
): Promise<PresentableUser> {
  if (!isActive && admin.id === userId) throw badRequest(CANNOT_DEACTIVATE_SELF);
  const _id = new Types.ObjectId(userId);
  return inTransaction(deps.conn, async (session) => {
    const user = await deps.models.User.findOneAndUpdate(
      { _id },
      { $set: { is_active: isActive } },
      { returnDocument: 'after', projection: USER_FIELDS },
    ).lean<PresentableUser>();
    if (!user) throw notFound(AuthMessages.userNotFound);
    if (!isActive) await revokeAllSessions(deps, _id, 'deactivated');
    await publishUserUpdated(deps, session, user);
    return user;
  });
}
