import { describe, expect, it } from 'vitest';
import { traceMode } from './chromium.js';

describe('traceMode', () => {
  it('records no trace unless asked', () => {
    expect(traceMode({})).toBe('off');
    expect(traceMode({ PW_TRACE: 'retain-on-failure' })).toBe('retain-on-failure');
  });

  it('refuses a mode Playwright does not know', () => {
    expect(() => traceMode({ PW_TRACE: 'always' })).toThrow(/PW_TRACE must be one of/);
  });
});
