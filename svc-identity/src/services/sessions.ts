import { Types } from 'mongoose';
import { signAccessToken } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import type { IdentityModels } from '../models/index.js';
import type { RefreshFamilyDoc } from '../models/refresh-family.js';
import type { UserDoc } from '../models/user.js';
import { generateOpaqueToken, hashToken } from '../domain/secure-random.js';
import { isAdminUsername } from '../policies/admin.js';

export interface SessionTokens {
  token: string;
  refreshToken: string;
}

type TokenUser = Pick<UserDoc, '_id' | 'username'>;

/** The 15-minute ES256 access token every service verifies (a number would be an epoch time). */
export function signAccess({ keys, config }: IdentityDeps, user: TokenUser): Promise<string> {
  return signAccessToken(
    keys.privateKey,
    {
      id: user._id.toHexString(),
      username: user.username,
      isAdmin: isAdminUsername(config, user.username),
    },
    { kid: keys.kid, expiresIn: `${config.ACCESS_TOKEN_TTL}s` },
  );
}

const NAMED_TOKEN = /^([0-9a-f]{24})\.[A-Za-z0-9_-]{43}$/;

/**
 * `<family id>.<secret>`: the family's _id (its shard key, fixed for the session's life) lets
 * rotation read and update one document by it; only the secret part is unguessable.
 */
export const newRefreshToken = (familyId: Types.ObjectId) =>
  `${familyId.toHexString()}.${generateOpaqueToken()}`;

/**
 * The family a refresh token belongs to, if its hash is the family's current or a used one.
 * Tokens issued before they named their family are found by hash.
 */
export async function findTokenFamily(
  { RefreshFamily }: Pick<IdentityModels, 'RefreshFamily'>,
  refreshToken: string,
  hash: string,
): Promise<RefreshFamilyDoc | null> {
  const named = NAMED_TOKEN.exec(refreshToken)?.[1];
  if (!named) {
    return (
      (await RefreshFamily.findOne({ current_hash: hash }).lean()) ??
      RefreshFamily.findOne({ used_hashes: hash }).lean()
    );
  }
  const family = await RefreshFamily.findById(new Types.ObjectId(named)).lean();
  return family && (family.current_hash === hash || family.used_hashes.includes(hash))
    ? family
    : null;
}

/** A new sign-in: a refresh-token family whose lifetime depends on "remember me". */
export async function startSession(
  deps: IdentityDeps,
  user: TokenUser,
  remember: boolean,
): Promise<SessionTokens> {
  const _id = new Types.ObjectId();
  const refreshToken = newRefreshToken(_id);
  const ttl = remember ? deps.config.REFRESH_TTL_REMEMBER : deps.config.REFRESH_TTL;
  await deps.models.RefreshFamily.create({
    _id,
    user_id: user._id,
    current_hash: hashToken(refreshToken),
    remember,
    expires_at: new Date(deps.now().getTime() + ttl * 1000),
  });
  return { token: await signAccess(deps, user), refreshToken };
}

/** Ends every session of a user (password reset, deactivation). */
export async function revokeAllSessions(
  { models, now }: IdentityDeps,
  userId: Types.ObjectId,
  reason: string,
): Promise<void> {
  await models.RefreshFamily.updateMany(
    { user_id: userId, revoked_at: null },
    { $set: { revoked_at: now(), revoke_reason: reason } },
  );
}
