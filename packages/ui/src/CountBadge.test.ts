import { describe, expect, it } from 'vitest';
import { formatCount } from './CountBadge';

describe('formatCount', () => {
  it('shows the number up to 99 and 99+ above', () => {
    expect(formatCount(1)).toBe('1');
    expect(formatCount(99)).toBe('99');
    expect(formatCount(100)).toBe('99+');
    expect(formatCount(12345)).toBe('99+');
  });
});
