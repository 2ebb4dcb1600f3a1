import { describe, expect, it } from 'vitest';
import { redirectTarget, referralCodeFromHash, tokenFromHash } from './redirect';

describe('redirectTarget', () => {
  it('uses the router state (string or location)', () => {
    expect(redirectTarget({ from: '/c/cats?x=1#top' }, '')).toBe('/c/cats?x=1#top');
    expect(redirectTarget({ from: { pathname: '/inbox', search: '?to=bob', hash: '' } }, '')).toBe(
      '/inbox?to=bob',
    );
  });

  it('falls back to ?from= and then to /', () => {
    expect(redirectTarget(null, '?from=%2Fsaved')).toBe('/saved');
    expect(redirectTarget(undefined, '')).toBe('/');
  });

  it.each([
    'https://evil.test/',
    '//evil.test',
    '/\\evil',
    'saved',
    '/login',
    '/register?x',
    '/forgot-password#token=1',
  ])('refuses %s', (from) => {
    expect(redirectTarget({ from }, '')).toBe('/');
  });
});

describe('referralCodeFromHash', () => {
  it('takes exactly 8 of A-Z0-9', () => {
    expect(referralCodeFromHash('#ABCD1234')).toBe('ABCD1234');
    expect(referralCodeFromHash('#abcd1234')).toBeNull();
    expect(referralCodeFromHash('#ABCD123')).toBeNull();
    expect(referralCodeFromHash('#ABCD12345')).toBeNull();
    expect(referralCodeFromHash('#ABCD-123')).toBeNull();
    expect(referralCodeFromHash('')).toBeNull();
  });
});

describe('tokenFromHash', () => {
  it('reads #token=', () => {
    expect(tokenFromHash('#token=abc_DEF-123')).toBe('abc_DEF-123');
    expect(tokenFromHash('#nothing')).toBeNull();
    expect(tokenFromHash('')).toBeNull();
  });
});
