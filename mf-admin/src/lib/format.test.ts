import { describe, expect, it } from 'vitest';
import {
  formatChartDay,
  formatDateTime,
  formatFullDate,
  formatNumber,
  onlineStatus,
} from './format';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

describe('onlineStatus (spec §9)', () => {
  it('is Online under 5 minutes', () => {
    expect(onlineStatus(ago(0), NOW)).toEqual({ online: true, text: 'Online' });
    expect(onlineStatus(ago(4 * MIN + 59_999), NOW)).toEqual({ online: true, text: 'Online' });
  });

  it('treats a time in the future (clock skew) as Online', () => {
    expect(onlineStatus(ago(-30_000), NOW).text).toBe('Online');
  });

  it('counts minutes from 5 to 59', () => {
    expect(onlineStatus(ago(5 * MIN), NOW)).toEqual({ online: false, text: '5 minutes ago' });
    expect(onlineStatus(ago(59 * MIN + 59_000), NOW).text).toBe('59 minutes ago');
  });

  it('counts hours under 1,440 minutes', () => {
    expect(onlineStatus(ago(60 * MIN), NOW).text).toBe('1 hour ago');
    expect(onlineStatus(ago(119 * MIN), NOW).text).toBe('1 hour ago');
    expect(onlineStatus(ago(120 * MIN), NOW).text).toBe('2 hours ago');
    expect(onlineStatus(ago(1_439 * MIN), NOW).text).toBe('23 hours ago');
  });

  it('counts days under 7 days', () => {
    expect(onlineStatus(ago(1_440 * MIN), NOW).text).toBe('1 day ago');
    expect(onlineStatus(ago(3 * 1_440 * MIN + 5 * MIN), NOW).text).toBe('3 days ago');
    expect(onlineStatus(ago(7 * 1_440 * MIN - 1), NOW).text).toBe('6 days ago');
  });

  it('shows the full date from 7 days on', () => {
    expect(onlineStatus(ago(7 * 1_440 * MIN), NOW, 'UTC').text).toBe('Nov 14, 2026');
    expect(onlineStatus('2025-05-20T08:00:00Z', NOW, 'UTC')).toEqual({
      online: false,
      text: 'May 20, 2025',
    });
  });

  it('reads Never for a user who never was active', () => {
    expect(onlineStatus(null, NOW).text).toBe('Never');
    expect(onlineStatus(undefined, NOW).text).toBe('Never');
    expect(onlineStatus('not a date', NOW).text).toBe('Never');
  });

  it('accepts Date and epoch values', () => {
    expect(onlineStatus(new Date(NOW - 10 * MIN), NOW).text).toBe('10 minutes ago');
    expect(onlineStatus(NOW - 3 * 60 * MIN, NOW).text).toBe('3 hours ago');
  });
});

describe('dates and numbers', () => {
  it('formats the full date in the given time zone', () => {
    expect(formatFullDate('2026-11-21T23:30:00Z', 'UTC')).toBe('Nov 21, 2026');
    expect(formatFullDate('2026-11-21T23:30:00Z', 'Asia/Tokyo')).toBe('Nov 22, 2026');
    expect(formatFullDate('nope')).toBe('');
  });

  it('formats date and time', () => {
    expect(formatDateTime('2026-11-21T15:04:00Z', 'UTC')).toBe('Nov 21, 2026, 3:04 PM');
    expect(formatDateTime('nope')).toBe('');
  });

  it('labels chart days as UTC days', () => {
    expect(formatChartDay('2026-11-21')).toBe('Nov 21');
    expect(formatChartDay('2026-01-01')).toBe('Jan 1');
    expect(formatChartDay('garbage')).toBe('garbage');
  });

  it('groups thousands', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });
});
