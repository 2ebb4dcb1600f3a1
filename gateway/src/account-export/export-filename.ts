/**
 * account-export-<username>-<YYYY-MM-DD>.json (UTC date). Usernames are letters and digits
 * (spec §5); anything else is dropped anyway so the header's quoted string cannot be broken.
 */
export function exportFilename(username: string, at: Date): string {
  const safe = username.replace(/[^A-Za-z0-9]/g, '');
  return `account-export-${safe}-${at.toISOString().slice(0, 10)}.json`;
}
