import type { IdentityDeps } from '../deps.js';
import { hashToken } from '../domain/secure-random.js';

/** Revokes the refresh token's family. Idempotent: unknown or already revoked is fine. */
export async function logoutUser(
  { models, now }: IdentityDeps,
  refreshToken: string | undefined,
): Promise<void> {
  if (!refreshToken) return;
  const hash = hashToken(refreshToken);
  await models.RefreshFamily.updateOne(
    { $or: [{ current_hash: hash }, { used_hashes: hash }], revoked_at: null },
    { $set: { revoked_at: now(), revoke_reason: 'logout' } },
  );
}
