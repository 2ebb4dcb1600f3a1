import { describe, expect, it } from 'vitest';
import { isRedacted, reportReason } from './items';

describe('isRedacted', () => {
  it('is a removed item without its reason and log entry (what most readers get)', () => {
    expect(isRedacted({ removed: true })).toBe(true);
  });
  it('is not an item read in full: by its author, a moderator or the admin', () => {
    expect(
      isRedacted({ removed: true, removal_reason: 'Spam', removal_modlog_id: 'a'.repeat(24) }),
    ).toBe(false);
    // A removal from the report queue may carry no reason; the log entry still tells.
    expect(isRedacted({ removed: true, removal_modlog_id: 'a'.repeat(24) })).toBe(false);
  });
  it('is not an item that was never removed', () => {
    expect(isRedacted({ removed: false })).toBe(false);
    expect(isRedacted({})).toBe(false);
  });
});

describe('reportReason', () => {
  it('sends the chosen label as it reads', () => {
    expect(reportReason('Spam', 'ignored')).toBe('Spam');
    expect(reportReason('Sexual content in a non-NSFW community', '')).toBe(
      'Sexual content in a non-NSFW community',
    );
  });
  it("sends Other with the user's text, trimmed", () => {
    expect(reportReason('Other', '  buys votes \n')).toBe('Other: buys votes');
  });
});
