import { Types } from 'mongoose';
import { AccountTexts, AuthMessages, type ChangePasswordRequest } from '@forum/contracts';
import { HttpError, inTransaction, unauthorized } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { revokeAllSessions, startSession, type SessionTokens } from '../services/sessions.js';

const wrongPassword = () => new HttpError(400, AccountTexts.currentPasswordIncorrect);

/**
 * EXTENSIONS §B2: the current password is checked like a login (bcrypt, an attempt budget per
 * account), then the new hash, the end of every session (other devices' refresh tokens fail)
 * and the caller's new session commit together: a crash cannot keep the old sessions alive
 * under the new password, nor sign the caller out without one.
 */
export async function changePassword(
  deps: IdentityDeps,
  {
    userId,
    input,
    throttleAccount,
  }: {
    userId: string;
    input: ChangePasswordRequest;
    throttleAccount: (userId: string) => Promise<void>;
  },
): Promise<SessionTokens> {
  const { User } = deps.models;
  const _id = new Types.ObjectId(userId);
  const user = await User.findById(_id, { username: 1, password_hash: 1 }).lean();
  if (!user) throw unauthorized(AuthMessages.userNotFound);
  await throttleAccount(userId);
  if (!(await deps.passwords.verify(input.current_password, user.password_hash))) {
    throw wrongPassword();
  }
  // bcrypt before the transaction: it takes long and only uses the CPU.
  const password_hash = await deps.passwords.hash(input.new_password);
  const now = deps.now();
  return inTransaction(deps.conn, async () => {
    // Only over the hash just checked: a concurrent change makes this one's password wrong.
    const updated = await User.updateOne(
      { _id, password_hash: user.password_hash, is_active: true },
      { $set: { password_hash, password_changed_at: now } },
    );
    if (updated.matchedCount === 0) throw wrongPassword();
    // Reset links mailed before the change must not undo it.
    await deps.models.PasswordReset.updateMany(
      { user_id: _id, used_at: null },
      { $set: { used_at: now } },
    );
    await revokeAllSessions(deps, _id, 'password-change');
    return startSession(deps, user, false);
  });
}
