import { Types } from 'mongoose';
import { AccountTexts, AuthMessages, type ChangeEmailRequest } from '@forum/contracts';
import {
  HttpError,
  conflict,
  inTransaction,
  isDuplicateKeyError,
  unauthorized,
} from '@forum/service-kit';
import { confirmPassword, voidResetLinks } from '../services/account-checks.js';
import type { IdentityDeps } from '../deps.js';
import { userKey } from '../models/user-key.js';
import { USER_FIELDS, type PresentableUser } from '../presenters/user.js';
import {
  issueVerificationToken,
  mailEmailChangedNotice,
  mailVerificationLink,
} from '../services/email-verification.js';

const taken = () => conflict(AuthMessages.emailTaken);

/**
 * EXTENSIONS §B2. The address moves in one transaction: the new address is claimed in user_keys
 * (the unique key decides a race with a registration or another change: 409), the old claim is
 * released, the user is unverified, a link bound to the new address replaces older links, and
 * pending reset links (mailed to the old address) stop working. The mails go after the commit:
 * the link to the new address, a notice without a link to the old one.
 */
export async function changeEmail(
  deps: IdentityDeps,
  {
    userId,
    input,
    throttleAccount,
  }: {
    userId: string;
    input: ChangeEmailRequest;
    throttleAccount: (userId: string) => Promise<void>;
  },
): Promise<PresentableUser> {
  const { User, UserKey } = deps.models;
  const _id = new Types.ObjectId(userId);
  const user = await confirmPassword(deps, {
    userId: _id,
    password: input.password,
    throttleAccount,
    wrongText: AccountTexts.passwordIncorrect,
    fields: ['email_lower'],
  });
  const email = input.email;
  const email_lower = email.toLowerCase();
  if (email_lower === user.email_lower) throw new HttpError(400, AccountTexts.sameEmail);
  // A friendly early answer; the claim below stays the final word.
  if (await UserKey.exists({ _id: userKey('email', email_lower) })) throw taken();

  const now = deps.now();
  let changed: { previous: PresentableUser; current: PresentableUser; token: string };
  try {
    changed = await inTransaction(deps.conn, async () => {
      // Read again inside: the address released is the one the transaction replaces.
      const previous = await User.findById(_id, USER_FIELDS).lean();
      if (!previous) throw unauthorized(AuthMessages.userNotFound);
      if (previous.email.toLowerCase() === email_lower) {
        throw new HttpError(400, AccountTexts.sameEmail);
      }
      await UserKey.create({ _id: userKey('email', email_lower), user_id: _id });
      await UserKey.deleteOne({
        _id: userKey('email', previous.email.toLowerCase()),
        user_id: _id,
      });
      const current = await User.findOneAndUpdate(
        { _id },
        { $set: { email, email_lower, email_verified: false } },
        { projection: USER_FIELDS, returnDocument: 'after', lean: true },
      );
      if (!current) throw unauthorized(AuthMessages.userNotFound);
      await voidResetLinks(deps, _id, now);
      const token = await issueVerificationToken(deps, { _id, email_lower });
      return { previous, current, token };
    });
  } catch (err) {
    if (isDuplicateKeyError(err)) throw taken();
    throw err;
  }
  const { previous, current, token } = changed;
  mailVerificationLink(deps, { to: current.email, username: current.username, token });
  mailEmailChangedNotice(deps, { to: previous.email, username: previous.username });
  return current;
}
