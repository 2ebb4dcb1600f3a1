import { Types } from 'mongoose';
import { AuthMessages, Subjects, isReferralCode, type RegisterRequest } from '@forum/contracts';
import { HttpError, isDuplicateKeyError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { UserDoc } from '../models/user.js';
import { generateReferralCode } from '../domain/secure-random.js';
import { startSession, type SessionTokens } from '../services/sessions.js';
import { completeReferral } from './complete-referral.js';
import { awardFoundersClub } from './award-founders-club.js';

const REFERRAL_CODE_ATTEMPTS = 5;

function takenError(taken: { username: boolean; email: boolean }): HttpError {
  const details = [
    ...(taken.username ? [AuthMessages.usernameTaken] : []),
    ...(taken.email ? [AuthMessages.emailTaken] : []),
  ];
  return new HttpError(409, details[0] ?? AuthMessages.usernameTaken, details);
}

function duplicateField(err: unknown): string | undefined {
  const pattern = (err as { keyPattern?: Record<string, unknown> }).keyPattern;
  if (pattern) return Object.keys(pattern)[0];
  return /index: (\w+?)_1/.exec(String((err as Error).message))?.[1];
}

/** Registration signs the user in (spec §4): the new account plus a session. */
export async function registerUser(
  deps: IdentityDeps,
  input: RegisterRequest,
): Promise<{ user: UserDoc; tokens: SessionTokens }> {
  const { User } = deps.models;
  const username_lower = input.username.toLowerCase();
  const email_lower = input.email.toLowerCase();

  // A friendly answer naming what is taken; the unique indexes stay the final word on races.
  const existing = await User.find(
    { $or: [{ username_lower }, { email_lower }] },
    { username_lower: 1, email_lower: 1 },
  ).lean();
  if (existing.length) {
    throw takenError({
      username: existing.some((u) => u.username_lower === username_lower),
      email: existing.some((u) => u.email_lower === email_lower),
    });
  }

  const referrer = isReferralCode(input.referral_code)
    ? await User.findOne({ referral_code: input.referral_code }, { username: 1 }).lean()
    : null;
  const password_hash = await deps.passwords.hash(input.password);

  let user: UserDoc | undefined;
  for (let attempt = 1; !user; attempt++) {
    try {
      const created = await User.create({
        _id: new Types.ObjectId(),
        username: input.username,
        username_lower,
        email: input.email,
        email_lower,
        password_hash,
        referral_code: generateReferralCode(),
        referred_by: referrer?._id ?? null,
      });
      user = created.toObject();
    } catch (err) {
      if (!isDuplicateKeyError(err)) throw err;
      const field = duplicateField(err);
      // A referral-code collision (1 in 36^8 per user) is retried with a fresh code.
      if (field === 'referral_code' && attempt < REFERRAL_CODE_ATTEMPTS) continue;
      throw takenError({
        username: field === 'username_lower',
        email: field === 'email_lower',
      });
    }
  }

  await deps.outbox.add(Subjects.UserRegistered, {
    user_id: user._id.toHexString(),
    username: user.username,
    avatar_url: null,
    created_at: user.created_at.toISOString(),
    referred_by_user_id: referrer ? referrer._id.toHexString() : null,
  });
  if (referrer) await completeReferral(deps, referrer, user);
  await awardFoundersClub(deps, user._id);
  return { user, tokens: await startSession(deps, user, false) };
}
