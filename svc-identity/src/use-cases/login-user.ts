import { AuthMessages, type LoginRequest } from '@forum/contracts';
import { HttpError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';
import { startSession, type SessionTokens } from '../services/sessions.js';
import { touchLastActive } from './touch-last-active.js';

/**
 * `email` holds an email or a username (usernames cannot contain '@'). One text for every wrong
 * credential, and an unknown user still costs a bcrypt comparison, so neither the answer nor its
 * timing tells which part was wrong. Deactivation is only revealed to the right password.
 */
export async function loginUser(
  deps: IdentityDeps,
  {
    throttleAccount,
    ...input
  }: LoginRequest & { throttleAccount: (account: string) => Promise<void> },
): Promise<{ user: UserDoc; tokens: SessionTokens }> {
  const identifier = input.email.toLowerCase();
  const filter = identifier.includes('@')
    ? { email_lower: identifier }
    : { username_lower: identifier };
  const user = await deps.models.User.findOne(filter).lean();
  // One budget per account, whether it is named by email or by username.
  await throttleAccount(user ? user._id.toHexString() : identifier);
  const matches = await deps.passwords.verify(input.password, user?.password_hash);
  if (!user || !matches) throw new HttpError(401, AuthMessages.invalidCredentials);
  if (!user.is_active) throw new HttpError(403, AuthMessages.accountDeactivated);
  const tokens = await startSession(deps, user, input.rememberMe);
  await touchLastActive(deps, user);
  return { user, tokens };
}
