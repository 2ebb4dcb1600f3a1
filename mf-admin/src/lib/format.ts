/**
 * Display helpers of the admin dashboard (spec §9). Pure functions: `now` and the time zone are
 * parameters so the unit tests are deterministic.
 */

const MINUTE = 60_000;
/** Spec §9: 'Online' while the last activity is under 5 minutes old. */
export const ONLINE_WINDOW_MINUTES = 5;
/** Hours are shown under 1,440 minutes, days under 7 days, then the full date. */
export const HOURS_LIMIT_MINUTES = 1_440;
export const DAYS_LIMIT = 7;

function toTime(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : new Date(value).getTime();
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/** 'Nov 21, 2026': the full date of the tables (Joined, Created, old last-active values). */
export function formatFullDate(value: string | number | Date, timeZone?: string): string {
  const t = toTime(value);
  if (Number.isNaN(t)) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(timeZone ? { timeZone } : {}),
  }).format(t);
}

/** 'Nov 21, 2026, 3:04 PM': the exact moment (title / tooltip of relative values). */
export function formatDateTime(value: string | number | Date, timeZone?: string): string {
  const t = toTime(value);
  if (Number.isNaN(t)) return '';
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    ...(timeZone ? { timeZone } : {}),
  }).format(t);
}

export interface OnlineStatus {
  online: boolean;
  text: string;
}

/**
 * Spec §9 online indicator: 'Online' if last active under 5 minutes ago, then 'N minutes ago',
 * 'N hours ago' under 1,440 minutes, 'N days ago' under 7 days, then the full date. A user who
 * never was active reads 'Never'; a time slightly in the future (clock skew) is 'Online'.
 */
export function onlineStatus(
  lastActive: string | number | Date | null | undefined,
  now: number = Date.now(),
  timeZone?: string,
): OnlineStatus {
  if (lastActive === null || lastActive === undefined || lastActive === '') {
    return { online: false, text: 'Never' };
  }
  const t = toTime(lastActive);
  if (Number.isNaN(t)) return { online: false, text: 'Never' };
  const minutes = Math.floor(Math.max(0, now - t) / MINUTE);
  if (minutes < ONLINE_WINDOW_MINUTES) return { online: true, text: 'Online' };
  if (minutes < 60) return { online: false, text: plural(minutes, 'minute') };
  if (minutes < HOURS_LIMIT_MINUTES) {
    return { online: false, text: plural(Math.floor(minutes / 60), 'hour') };
  }
  const days = Math.floor(minutes / HOURS_LIMIT_MINUTES);
  if (days < DAYS_LIMIT) return { online: false, text: plural(days, 'day') };
  return { online: false, text: formatFullDate(t, timeZone) };
}

/** Whole numbers with thousands separators: 12,345. */
export function formatNumber(value: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(value);
}

/** The chart's axis label of a 'YYYY-MM-DD' (UTC day) row: 'Nov 21'. */
export function formatChartDay(date: string): string {
  const t = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(t)) return date;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(t);
}
