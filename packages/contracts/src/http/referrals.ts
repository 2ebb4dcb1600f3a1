import { z } from '../zod.js';

/** Completed referrals that earn the Community Builder badge (spec §9). */
export const COMMUNITY_BUILDER_REFERRALS = 3;

export const ReferralCodeResponse = z.object({
  referral_code: z.string().regex(/^[A-Z0-9]{8}$/),
});
export type ReferralCodeResponse = z.infer<typeof ReferralCodeResponse>;

export const ReferralStatsResponse = z.object({
  completed_referrals: z.number().int().nonnegative(),
});
export type ReferralStatsResponse = z.infer<typeof ReferralStatsResponse>;
