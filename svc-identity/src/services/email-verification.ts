import type { Types } from 'mongoose';
import type { IdentityDeps } from '../deps.js';
import { generateOpaqueToken, hashToken } from '../domain/secure-random.js';

/** EXTENSIONS §B2: a verification link works for 24 hours. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3600_000;

/** The shell's page; the token travels in the fragment, never to a server log (as reset links). */
export const verificationLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/verify-email#token=${encodeURIComponent(token)}`;

/**
 * A new link for the user's current address; the older ones stop working. Inside inTransaction
 * both writes join the caller's transaction (mongoose's async-local session). A new account has
 * no older links (`replaceOlder: false`): its background link must not remove one that an email
 * change made in the meantime.
 */
export async function issueVerificationToken(
  { models, now }: Pick<IdentityDeps, 'models' | 'now'>,
  user: { _id: Types.ObjectId; email_lower: string },
  { replaceOlder = true }: { replaceOlder?: boolean } = {},
): Promise<string> {
  const token = generateOpaqueToken();
  if (replaceOlder) await models.EmailVerification.deleteMany({ user_id: user._id });
  await models.EmailVerification.create({
    user_id: user._id,
    email_lower: user.email_lower,
    token_hash: hashToken(token),
    expires_at: new Date(now().getTime() + EMAIL_VERIFICATION_TTL_MS),
  });
  return token;
}

/**
 * Mails the link in the background: the answer does not wait for the mail server, and a mail
 * that fails is logged (without the token) and can be sent again with resend.
 */
export function mailVerificationLink(
  { mailer, config, logger }: Pick<IdentityDeps, 'mailer' | 'config' | 'logger'>,
  { to, username, token }: { to: string; username: string; token: string },
): void {
  void mailer
    .send({
      to,
      subject: 'Verify your email address',
      text: [
        `Hi ${username},`,
        '',
        'Please confirm that this is your email address by opening:',
        verificationLink(config.PUBLIC_URL, token),
        '',
        'The link works once and expires in 24 hours.',
        'If you did not ask for this, ignore this mail.',
      ].join('\n'),
    })
    .catch((err: unknown) => logger.error({ err }, 'could not send the verification mail'));
}

/** The old address learns of the change, with no link (it must not be able to verify anything). */
export function mailEmailChangedNotice(
  { mailer, logger }: Pick<IdentityDeps, 'mailer' | 'logger'>,
  { to, username }: { to: string; username: string },
): void {
  void mailer
    .send({
      to,
      subject: 'Your email address was changed',
      text: [
        `Hi ${username},`,
        '',
        'The email address of your account was just changed; mail now goes to the new address.',
        'If you did not do this, reset your password and contact the administrators.',
      ].join('\n'),
    })
    .catch((err: unknown) => logger.error({ err }, 'could not send the email change notice'));
}
