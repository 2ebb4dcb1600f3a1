import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './time';

const now = Date.UTC(2026, 0, 10, 12, 0, 0);
const ago = (s: number) => new Date(now - s * 1000).toISOString();

describe('formatRelativeTime', () => {
  it.each([
    [0, '0s ago'],
    [59, '59s ago'],
    [60, '1m ago'],
    [3599, '59m ago'],
    [3600, '1h ago'],
    [86399, '23h ago'],
    [86400, '1d ago'],
    [86400 * 45, '45d ago'],
  ])('%i seconds -> %s', (s, text) => {
    expect(formatRelativeTime(ago(s), now)).toBe(text);
  });

  it('reads a future time as 0s ago and bad input as empty', () => {
    expect(formatRelativeTime(ago(-30), now)).toBe('0s ago');
    expect(formatRelativeTime('nope', now)).toBe('');
  });
});
