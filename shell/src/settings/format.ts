/** A block's date as a reader's calendar date ("12 Mar 2026"); '' for a value that is no date. */
export function formatBlockedDate(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, { day: 'numeric', month: 'short', year: 'numeric' });
}
