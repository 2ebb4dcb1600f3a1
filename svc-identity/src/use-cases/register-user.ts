import { Types, type ClientSession } from 'mongoose';
import { AuthMessages, Subjects, isReferralCode, type RegisterRequest } from '@forum/contracts';
import { HttpError, inTransaction, isDuplicateKeyError } from '@forum/service-kit';
import { termsOf } from '@forum/search-text';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';
import { claimedKind, userKey } from '../models/user-key.js';
import { generateReferralCode } from '../domain/secure-random.js';
import { startSession, type SessionTokens } from '../services/sessions.js';
import { issueVerificationToken, mailVerificationLink } from '../services/email-verification.js';
import { completeReferral } from './complete-referral.js';
import { awardFoundersClub } from './award-founders-club.js';

const REFERRAL_CODE_ATTEMPTS = 5;

type Registered = { user: UserDoc; tokens: SessionTokens };
type Referrer = Pick<UserDoc, '_id' | 'username'>;
type NewAccount = Pick<
  UserDoc,
  'username' | 'username_lower' | 'email' | 'email_lower' | 'password_hash' | 'search_terms'
>;

function takenError(taken: { username: boolean; email: boolean }): HttpError {
  const details = [
    ...(taken.username ? [AuthMessages.usernameTaken] : []),
    ...(taken.email ? [AuthMessages.emailTaken] : []),
  ];
  return new HttpError(409, details[0] ?? AuthMessages.usernameTaken, details);
}

/**
 * Everything a registration writes, in one transaction: the user's claims (username, email,
 * referral code: the uniqueness rules) and the user, identity.user.registered, the referral with
 * its event and a Community Builder badge, the Founders Club counter and badge, and the session.
 * A crash anywhere leaves none of it, and a retry starts from a clean slate.
 */
async function createAccount(
  deps: IdentityDeps,
  session: ClientSession,
  account: NewAccount,
  referrer: Referrer | null,
): Promise<Registered> {
  const { User, UserKey } = deps.models;
  const _id = new Types.ObjectId();
  const referral_code = generateReferralCode();
  // One at a time: a taken value fails the transaction with that claim's key.
  for (const claim of [
    userKey('username', account.username_lower),
    userKey('email', account.email_lower),
    userKey('referral', referral_code),
  ]) {
    await UserKey.create({ _id: claim, user_id: _id });
  }
  const created = await User.create({
    ...account,
    _id,
    referral_code,
    referred_by: referrer?._id ?? null,
  });
  const user = created.toObject();
  await deps.outbox.add(
    Subjects.UserRegistered,
    {
      user_id: _id.toHexString(),
      username: user.username,
      avatar_url: null,
      created_at: user.created_at.toISOString(),
      referred_by_user_id: referrer ? referrer._id.toHexString() : null,
    },
    { session },
  );
  if (referrer) await completeReferral(deps, session, referrer, user);
  await awardFoundersClub(deps, session, _id);
  return { user, tokens: await startSession(deps, user, false) };
}

/**
 * EXTENSIONS §B2: a new address gets its verification link too, in the background after the
 * registration commits (the answer waits for neither the link's writes nor the mail); if either
 * fails the account stands, the failure is logged and the user can ask for another link.
 */
async function sendFirstVerification(deps: IdentityDeps, user: UserDoc): Promise<void> {
  try {
    const token = await issueVerificationToken(deps, user, { replaceOlder: false });
    mailVerificationLink(deps, { to: user.email, username: user.username, token });
  } catch (err) {
    deps.logger.error({ err }, 'could not issue the verification link of a new account');
  }
}

/** Registration signs the user in (spec §4): the new account plus a session. */
export async function registerUser(
  deps: IdentityDeps,
  input: RegisterRequest,
): Promise<Registered> {
  const { User, UserKey } = deps.models;
  const username_lower = input.username.toLowerCase();
  const email_lower = input.email.toLowerCase();
  const usernameKey = userKey('username', username_lower);
  const emailKey = userKey('email', email_lower);

  // A friendly answer naming everything taken; the claims stay the final word on races.
  const taken = await UserKey.find({ _id: { $in: [usernameKey, emailKey] } }, { _id: 1 }).lean();
  if (taken.length) {
    throw takenError({
      username: taken.some((k) => k._id === usernameKey),
      email: taken.some((k) => k._id === emailKey),
    });
  }

  const referrer = isReferralCode(input.referral_code)
    ? // A deleted account's code refers nobody (the registration goes on without a referrer).
      await User.findOne(
        { referral_code: input.referral_code, deleted_at: null },
        { username: 1 },
      ).lean()
    : null;
  const account: NewAccount = {
    username: input.username,
    username_lower,
    email: input.email,
    email_lower,
    password_hash: await deps.passwords.hash(input.password),
    // User search's word match (usernames never change, so this is written once).
    search_terms: termsOf(input.username),
  };
  for (let attempt = 1; ; attempt++) {
    try {
      const registered = await inTransaction(deps.conn, (session) =>
        createAccount(deps, session, account, referrer),
      );
      // Not awaited: the answer does not wait for the link's writes either.
      void sendFirstVerification(deps, registered.user);
      return registered;
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const kind = claimedKind(err);
      // A referral-code collision (1 in 36^8 per user) is retried with a fresh code.
      if (kind === 'referral' && attempt < REFERRAL_CODE_ATTEMPTS) continue;
      throw takenError({ username: kind === 'username', email: kind === 'email' });
    }
  }
}
