import { describe, expect, it } from 'vitest';
import { totalFromPage } from './page-total.js';

describe('totalFromPage', () => {
  it('counts a short page after its skip', () => {
    expect(totalFromPage(0, 0, 20)).toBe(0);
    expect(totalFromPage(7, 0, 20)).toBe(7);
    expect(totalFromPage(3, 40, 20)).toBe(43);
  });

  it('leaves a full, unread or empty-past-the-start page to a count', () => {
    expect(totalFromPage(20, 0, 20)).toBeUndefined();
    expect(totalFromPage(0, 0, 0)).toBeUndefined();
    expect(totalFromPage(0, 40, 20)).toBeUndefined();
  });
});
