import type { IdentityExport } from '@forum/contracts';
import type { IdentityData } from '../use-cases/export-identity-data.js';
import { presentBlocks } from './blocks.js';

/** The caller's own records, exactly IdentityExport: no hash, no token, no badge ids or icons. */
export const presentIdentityExport = ({
  user,
  referrals,
  badges,
  blocks,
}: IdentityData): IdentityExport => ({
  profile: {
    id: user._id.toHexString(),
    username: user.username,
    email: user.email,
    email_verified: user.email_verified ?? false,
    avatar_url: user.avatar_url ?? null,
    created_at: user.created_at.toISOString(),
    last_active_at: user.last_active ? user.last_active.toISOString() : null,
    total_score: user.total_score ?? 0,
  },
  referral_code: user.referral_code ?? null,
  // Every recorded referral is complete: the referred account registered with the code.
  referrals: referrals.map((r) => ({
    username: r.username,
    created_at: r.created_at.toISOString(),
    completed: true,
  })),
  badges: badges.map((b) => ({
    badge_type: b.badge_type,
    name: b.name,
    description: b.description,
    earned_at: b.earned_at.toISOString(),
  })),
  blocks: presentBlocks(blocks).blocks,
});
