import type { IdentityDeps } from '../deps.js';
import { generateOpaqueToken, hashToken } from '../domain/secure-random.js';

/** The link goes to the shell's page; the token travels in the fragment, never to a server log. */
export const resetLink = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/forgot-password#token=${encodeURIComponent(token)}`;

/**
 * Always ends the same way for the caller (the route answers one message). The mail is sent in
 * the background so an existing address does not answer measurably slower than an unknown one.
 */
export async function requestPasswordReset(deps: IdentityDeps, email: string): Promise<void> {
  const { models, config, now } = deps;
  const user = await models.User.findOne(
    { email_lower: email.toLowerCase() },
    { email: 1, username: 1, is_active: 1 },
  ).lean();
  if (!user?.is_active) return;
  const token = generateOpaqueToken();
  await models.PasswordReset.create({
    user_id: user._id,
    token_hash: hashToken(token),
    expires_at: new Date(now().getTime() + config.PASSWORD_RESET_TTL * 1000),
  });
  const minutes = Math.round(config.PASSWORD_RESET_TTL / 60);
  void deps.mailer
    .send({
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hi ${user.username},`,
        '',
        'Someone asked to reset the password of your account. To choose a new one, open:',
        resetLink(config.PUBLIC_URL, token),
        '',
        `The link works once and expires in ${minutes} minutes.`,
        'If you did not ask for this, ignore this mail; your password stays as it is.',
      ].join('\n'),
    })
    .catch((err: unknown) => deps.logger.error({ err }, 'could not send the password reset mail'));
}
