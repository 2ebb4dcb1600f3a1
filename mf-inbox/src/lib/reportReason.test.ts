import { describe, expect, it } from 'vitest';
import { ReportBody } from '@forum/contracts';
import {
  REPORT_REASONS,
  REPORT_DETAILS_MAX,
  REPORT_REASON_MAX,
  composeReportReason,
  needsDetails,
} from './reportReason';

describe('report reasons', () => {
  it('offers the spec reasons; only Other needs a description', () => {
    expect(REPORT_REASONS).toEqual([
      'Spam',
      'Harassment',
      'Hate',
      'Sexual content',
      'Misinformation',
      'Other',
    ]);
    expect(REPORT_REASONS.filter(needsDetails)).toEqual(['Other']);
  });

  it('sends the label alone, or the label and the trimmed description', () => {
    expect(composeReportReason('Spam', '')).toBe('Spam');
    expect(composeReportReason('Spam', '   ')).toBe('Spam');
    expect(composeReportReason('Other', '  asks for my password \n')).toBe(
      'Other: asks for my password',
    );
  });

  it('a description at its limit makes a reason the server accepts, whatever the reason', () => {
    const lengths = REPORT_REASONS.map((reason) => {
      const composed = composeReportReason(reason, 'x'.repeat(REPORT_DETAILS_MAX));
      expect(ReportBody.safeParse({ reason: composed }).success).toBe(true);
      return composed.length;
    });
    // The longest label uses the server's whole limit: the description gets all that is left.
    expect(Math.max(...lengths)).toBe(REPORT_REASON_MAX);
    const over = composeReportReason('Misinformation', 'x'.repeat(REPORT_DETAILS_MAX + 1));
    expect(ReportBody.safeParse({ reason: over }).success).toBe(false);
  });
});
