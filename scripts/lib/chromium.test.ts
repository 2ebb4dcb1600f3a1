import { describe, expect, it } from 'vitest';
import { CHROMIUM_CANDIDATES, chromiumPath, traceMode } from './chromium.js';

describe('traceMode', () => {
  it('records no trace unless asked', () => {
    expect(traceMode({})).toBe('off');
    expect(traceMode({ PW_TRACE: 'retain-on-failure' })).toBe('retain-on-failure');
  });

  it('refuses a mode Playwright does not know', () => {
    expect(() => traceMode({ PW_TRACE: 'always' })).toThrow(/PW_TRACE must be one of/);
  });
});

describe('chromiumPath', () => {
  const only = (file: string) => (f: string) => f === file;

  it('prefers the headless shell, then the chromium binary, then the wrapper', () => {
    expect(chromiumPath({}, () => true)).toBe('/usr/lib/chromium/chromium-headless-shell');
    expect(chromiumPath({}, only('/usr/lib/chromium/chromium'))).toBe('/usr/lib/chromium/chromium');
    expect(chromiumPath({}, () => false)).toBe(CHROMIUM_CANDIDATES.at(-1));
  });

  it('takes CHROMIUM_PATH as it is', () => {
    expect(chromiumPath({ CHROMIUM_PATH: '/opt/c/chrome' }, () => true)).toBe('/opt/c/chrome');
  });
});
