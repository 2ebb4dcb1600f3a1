import type { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { HttpError, unauthorized } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';

/**
 * A signed-in change confirmed by the account's password (EXTENSIONS §B2): the attempt counts
 * against the account's budget first, then bcrypt decides; a wrong password answers 400 with
 * `wrongText`. Returns the user's `fields` (and the hash it checked).
 */
export async function confirmPassword<K extends keyof UserDoc>(
  deps: Pick<IdentityDeps, 'models' | 'passwords'>,
  {
    userId,
    password,
    throttleAccount,
    wrongText,
    fields,
  }: {
    userId: Types.ObjectId;
    password: string;
    throttleAccount: (userId: string) => Promise<void>;
    wrongText: string;
    fields: K[];
  },
): Promise<Pick<UserDoc, K | 'password_hash'>> {
  const projection = Object.fromEntries([...fields, 'password_hash'].map((f) => [f, 1]));
  const user = await deps.models.User.findById(userId, projection).lean<
    Pick<UserDoc, K | 'password_hash'>
  >();
  if (!user) throw unauthorized(AuthMessages.userNotFound);
  await throttleAccount(userId.toHexString());
  if (!(await deps.passwords.verify(password, user.password_hash))) {
    throw new HttpError(400, wrongText);
  }
  return user;
}

/** Reset links mailed before a password or address change (or a reset) must not work after it. */
export const voidResetLinks = (
  { models }: Pick<IdentityDeps, 'models'>,
  userId: Types.ObjectId,
  now: Date,
) =>
  models.PasswordReset.updateMany({ user_id: userId, used_at: null }, { $set: { used_at: now } });
