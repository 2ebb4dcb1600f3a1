import { Types } from 'mongoose';
import { AccountTexts, AuthMessages } from '@forum/contracts';
import { HttpError, inTransaction, unauthorized } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { issueVerificationToken, mailVerificationLink } from '../services/email-verification.js';

/** EXTENSIONS §B2: a new link to the current address; the links sent before stop working. */
export async function resendVerification(deps: IdentityDeps, userId: string): Promise<void> {
  // One transaction: an email change racing this one cannot leave a link to the old address only.
  const { user, token } = await inTransaction(deps.conn, async () => {
    const user = await deps.models.User.findById(new Types.ObjectId(userId), {
      username: 1,
      email: 1,
      email_lower: 1,
      email_verified: 1,
    }).lean();
    if (!user) throw unauthorized(AuthMessages.userNotFound);
    if (user.email_verified) throw new HttpError(400, AccountTexts.emailAlreadyVerified);
    return { user, token: await issueVerificationToken(deps, user) };
  });
  mailVerificationLink(deps, { to: user.email, username: user.username, token });
}
