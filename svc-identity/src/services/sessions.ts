import { Types } from 'mongoose';
import { signAccessToken } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
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

/** A new sign-in: a refresh-token family whose lifetime depends on "remember me". */
export async function startSession(
  deps: IdentityDeps,
  user: TokenUser,
  remember: boolean,
): Promise<SessionTokens> {
  const refreshToken = generateOpaqueToken();
  const ttl = remember ? deps.config.REFRESH_TTL_REMEMBER : deps.config.REFRESH_TTL;
  await deps.models.RefreshFamily.create({
    _id: new Types.ObjectId(),
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
