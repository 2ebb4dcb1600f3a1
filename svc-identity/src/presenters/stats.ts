import type { DailyUserStatsResponse, IdentityStats } from '@forum/contracts';
import type { DailySignups } from '../use-cases/get-daily-user-stats.js';

export const presentIdentityStats = (totalUsers: number): IdentityStats => ({
  total_users: totalUsers,
});

export const presentDailyUserStats = (days: DailySignups[]): DailyUserStatsResponse => ({
  daily_stats: days.map(({ date, count }) => ({ date, new_users: count })),
});
