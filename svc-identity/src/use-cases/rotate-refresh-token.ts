import type { Types } from 'mongoose';
import { AuthMessages } from '@forum/contracts';
import { HttpError } from '@forum/service-kit';
import type { IdentityDeps } from '../deps.js';
import { USED_HASHES_KEPT } from '../models/refresh-family.js';
import { hashToken } from '../domain/secure-random.js';
import {
  findTokenFamily,
  newRefreshToken,
  signAccess,
  type SessionTokens,
} from '../services/sessions.js';

const rejected = () => new HttpError(401, AuthMessages.invalidRefreshToken);

/**
 * Exchanges the family's current refresh token for a new pair. A token that was already used
 * means it leaked (or was replayed): the whole family is revoked and both holders must sign in.
 */
export async function rotateRefreshToken(
  deps: IdentityDeps,
  {
    refreshToken,
    throttleAccount,
  }: { refreshToken: string; throttleAccount: (userId: string) => Promise<void> },
): Promise<SessionTokens> {
  const { RefreshFamily, User } = deps.models;
  const hash = hashToken(refreshToken);
  const now = deps.now();
  const revoke = (_id: Types.ObjectId, reason: string) =>
    RefreshFamily.findOneAndUpdate(
      { _id, revoked_at: null },
      { $set: { revoked_at: now, revoke_reason: reason } },
    ).lean();

  const family = await findTokenFamily(deps.models, refreshToken, hash);
  if (!family) throw rejected();
  if (family.current_hash !== hash) {
    const reused = await revoke(family._id, 'reuse');
    if (reused) {
      deps.logger.warn({ family: reused._id.toHexString() }, 'refresh token reuse: family revoked');
    }
    throw rejected();
  }
  if (family.revoked_at || family.expires_at <= now) throw rejected();
  await throttleAccount(family.user_id.toHexString());

  const user = await User.findById(family.user_id, { username: 1, is_active: 1 }).lean();
  if (!user?.is_active) {
    await revoke(family._id, 'inactive');
    throw rejected();
  }

  const next = newRefreshToken(family._id);
  const rotated = await RefreshFamily.findOneAndUpdate(
    { _id: family._id, current_hash: hash, revoked_at: null },
    {
      $set: { current_hash: hashToken(next), rotated_at: now },
      $push: { used_hashes: { $each: [hash], $slice: -USED_HASHES_KEPT } },
    },
  ).lean();
  if (!rotated) {
    // Another request rotated with the same token at the same moment: a replay.
    await revoke(family._id, 'reuse');
    throw rejected();
  }
  return { token: await signAccess(deps, user), refreshToken: next };
}
