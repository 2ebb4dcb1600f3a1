import { Types } from 'mongoose';
import { AccountTexts, type ChangePasswordRequest } from '@forum/contracts';
import { HttpError, inTransaction } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { confirmPassword, voidResetLinks } from '../services/account-checks.js';
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
  const user = await confirmPassword(deps, {
    userId: _id,
    password: input.current_password,
    throttleAccount,
    wrongText: AccountTexts.currentPasswordIncorrect,
    fields: ['_id', 'username'],
  });
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
    await voidResetLinks(deps, _id, now);
    await revokeAllSessions(deps, _id, 'password-change');
    return startSession(deps, user, false);
  });
}
