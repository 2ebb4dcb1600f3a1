/** EXTENSIONS §M8: the reasons the Report dialog offers; Other needs a description. */
export const REPORT_REASONS = [
  'Spam',
  'Harassment',
  'Hate',
  'Sexual content',
  'Misinformation',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** The server's limit on a report's reason (EXTENSIONS §M5: 1-500 characters, trimmed). */
export const REPORT_REASON_MAX = 500;

const SEPARATOR = ': ';

/** Whether the reason needs a description before it can be sent. */
export function needsDetails(reason: ReportReason): boolean {
  return reason === 'Other';
}

/**
 * How many characters of description fit beside any reason's label: one limit for every reason,
 * so changing the reason after typing never makes the text too long.
 */
export const REPORT_DETAILS_MAX =
  REPORT_REASON_MAX - Math.max(...REPORT_REASONS.map((r) => r.length)) - SEPARATOR.length;

/**
 * The `reason` sent to the server: the label, and the description after it when there is one
 * ("Spam", "Other: keeps asking for my password"), so the admin's queue reads both.
 */
export function composeReportReason(reason: ReportReason, details: string): string {
  const text = details.trim();
  return text === '' ? reason : `${reason}${SEPARATOR}${text}`;
}
