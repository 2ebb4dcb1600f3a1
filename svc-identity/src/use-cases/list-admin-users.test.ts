import { describe, expect, it } from 'vitest';
import { escapeRegex } from './list-admin-users.js';

describe('escapeRegex', () => {
  it('makes every metacharacter literal', () => {
    const text = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o';
    expect(new RegExp(escapeRegex(text)).test(text)).toBe(true);
    expect(new RegExp(escapeRegex('.*')).test('anything')).toBe(false);
    expect(() => new RegExp(escapeRegex('('))).not.toThrow();
  });
});
