import type { DailyUserStatsResponse } from '@forum/contracts';
import type { IdentityDeps } from '../deps.js';

const DAY_MS = 86_400_000;
const DAYS = 7;

/** New users per UTC day for the last 7 days (today included), oldest first, zeros kept. */
export async function getDailyUserStats({
  models,
  now,
}: IdentityDeps): Promise<DailyUserStatsResponse> {
  const today = Math.floor(now().getTime() / DAY_MS) * DAY_MS;
  const start = new Date(today - (DAYS - 1) * DAY_MS);
  const rows = await models.User.aggregate<{ _id: string; count: number }>([
    { $match: { created_at: { $gte: start } } },
    {
      $group: {
        _id: { $dateToString: { format: '%Y-%m-%d', date: '$created_at' } },
        count: { $sum: 1 },
      },
    },
  ]);
  const counts = new Map(rows.map((r) => [r._id, r.count]));
  const daily_stats = Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, new_users: counts.get(date) ?? 0 };
  });
  return { daily_stats };
}
