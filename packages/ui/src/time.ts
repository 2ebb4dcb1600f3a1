/**
 * Spec §9 relative time: "s, m, h, d ago", switching at 60, 3600 and 86400 seconds.
 * Future times (clock skew) read as "0s ago".
 */
export function formatRelativeTime(
  value: string | number | Date,
  now: number = Date.now(),
): string {
  const t = value instanceof Date ? value.getTime() : new Date(value).getTime();
  if (Number.isNaN(t)) return '';
  const seconds = Math.max(0, Math.floor((now - t) / 1000));
  if (seconds < 60) return `${seconds}s ago`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ago`;
  if (seconds < 86400) return `${Math.floor(seconds / 3600)}h ago`;
  return `${Math.floor(seconds / 86400)}d ago`;
}
