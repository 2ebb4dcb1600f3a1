import type { IdentityDeps } from '../deps.js';
import { hashToken } from '../domain/secure-random.js';
import { findTokenFamily } from '../services/sessions.js';

/** Revokes the refresh token's family. Idempotent: unknown or already revoked is fine. */
export async function logoutUser(
  { models, now }: IdentityDeps,
  refreshToken: string | undefined,
): Promise<void> {
  if (!refreshToken) return;
  const family = await findTokenFamily(models, refreshToken, hashToken(refreshToken));
  if (!family) return;
  await models.RefreshFamily.updateOne(
    { _id: family._id, revoked_at: null },
    { $set: { revoked_at: now(), revoke_reason: 'logout' } },
  );
}
