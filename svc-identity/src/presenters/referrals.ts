import type { ReferralCodeResponse, ReferralStatsResponse } from '@forum/contracts';

export const presentReferralCode = (code: string): ReferralCodeResponse => ({
  referral_code: code,
});

export const presentReferralStats = (completed: number): ReferralStatsResponse => ({
  completed_referrals: completed,
});
