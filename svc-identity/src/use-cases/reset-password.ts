import { AuthMessages } from '@forum/contracts';
import { HttpError, inTransaction } from '@forum/service-kit';
import { voidResetLinks } from '../services/account-checks.js';
import type { IdentityDeps } from '../deps.js';
import { hashToken } from '../domain/secure-random.js';
import { revokeAllSessions } from '../services/sessions.js';

/**
 * Consumes the single-use token (an atomic claim), sets the new password, voids the user's other
 * links and ends every session, so whoever knew the old password is signed out everywhere. The
 * four writes share one transaction: a crash cannot spend the link and keep the old password.
 */
export async function resetPassword(
  deps: IdentityDeps,
  {
    token,
    password,
    throttleAccount,
  }: { token: string; password: string; throttleAccount: (userId: string) => Promise<void> },
): Promise<void> {
  const { PasswordReset, User } = deps.models;
  const now = deps.now();
  const hash = hashToken(token);
  const invalid = () => new HttpError(400, AuthMessages.invalidResetToken);
  const pending = await PasswordReset.findOne({ token_hash: hash }).lean();
  if (pending) await throttleAccount(pending.user_id.toHexString());
  if (!pending || pending.used_at || pending.expires_at <= now) throw invalid();
  // bcrypt before the transaction: it takes long and only uses the CPU.
  const password_hash = await deps.passwords.hash(password);

  await inTransaction(deps.conn, async () => {
    const claimed = await PasswordReset.findOneAndUpdate(
      { token_hash: hash, used_at: null, expires_at: { $gt: now } },
      { $set: { used_at: now } },
    ).lean();
    if (!claimed) throw invalid();
    const updated = await User.updateOne(
      { _id: claimed.user_id, is_active: true },
      { $set: { password_hash, password_changed_at: now } },
    );
    if (updated.matchedCount === 0) throw invalid();
    // Other links sent before this one must not work any more either.
    await voidResetLinks(deps, claimed.user_id, now);
    await revokeAllSessions(deps, claimed.user_id, 'password-reset');
  });
}
