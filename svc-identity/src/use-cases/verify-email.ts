import { AccountTexts } from '@forum/contracts';
import { HttpError, inTransaction } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { hashToken } from '../domain/secure-random.js';

/**
 * EXTENSIONS §B2: spends the single-use link (an atomic claim) and verifies the address it was
 * mailed to, together. A link for an address the user no longer has verifies nothing; unknown,
 * used, replaced and expired links all get the one answer.
 */
export async function verifyEmail(deps: IdentityDeps, token: string): Promise<void> {
  const { EmailVerification, User } = deps.models;
  const now = deps.now();
  const invalid = () => new HttpError(400, AccountTexts.invalidVerificationToken);
  await inTransaction(deps.conn, async () => {
    const claimed = await EmailVerification.findOneAndUpdate(
      { token_hash: hashToken(token), used_at: null, expires_at: { $gt: now } },
      { $set: { used_at: now } },
    ).lean();
    if (!claimed) throw invalid();
    const verified = await User.updateOne(
      { _id: claimed.user_id, email_lower: claimed.email_lower },
      { $set: { email_verified: true } },
    );
    if (verified.matchedCount === 0) throw invalid();
  });
}
