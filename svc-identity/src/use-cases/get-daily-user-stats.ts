import type { IdentityDeps } from '../deps.js';

const DAY_MS = 86_400_000;
const DAYS = 7;

/** New accounts on one UTC day (`date` is YYYY-MM-DD). */
export interface DailySignups {
  date: string;
  count: number;
}

/** New users per UTC day for the last 7 days (today included), oldest first, zeros kept. */
export async function getDailyUserStats({ models, now }: IdentityDeps): Promise<DailySignups[]> {
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
  return Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(start.getTime() + i * DAY_MS).toISOString().slice(0, 10);
    return { date, count: counts.get(date) ?? 0 };
  });
}
