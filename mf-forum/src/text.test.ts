import { describe, expect, it } from 'vitest';
import { relativeTime, stripMarkup, truncate } from './text';

describe('text helpers', () => {
  it('strips markup', () => {
    expect(stripMarkup('Hi <script>alert(1)</script><b>there</b>')).toBe('Hi alert(1)there');
  });

  it('truncates with an ellipsis', () => {
    expect(truncate('abcdef', 3)).toBe('abc…');
    expect(truncate('abc', 3)).toBe('abc');
  });

  it('formats relative time with s/m/h/d', () => {
    const now = Date.parse('2026-01-01T12:00:00Z');
    expect(relativeTime('2026-01-01T11:59:30Z', now)).toBe('30s ago');
    expect(relativeTime('2026-01-01T11:59:00Z', now)).toBe('1m ago');
    expect(relativeTime('2026-01-01T11:00:00Z', now)).toBe('1h ago');
    expect(relativeTime('2025-12-31T12:00:00Z', now)).toBe('1d ago');
  });
});
