import { describe, expect, it } from 'vitest';
import { decodeAccessToken } from './jwt';

const enc = (v: unknown) =>
  btoa(unescape(encodeURIComponent(JSON.stringify(v))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

describe('decodeAccessToken', () => {
  it('reads sub, username, is_admin and exp', () => {
    const token = `${enc({ alg: 'ES256' })}.${enc({ sub: 'u1', username: 'Zoë', is_admin: true, exp: 1700000000 })}.s`;
    expect(decodeAccessToken(token)).toEqual({
      sub: 'u1',
      username: 'Zoë',
      is_admin: true,
      exp: 1700000000,
    });
  });

  it('treats a missing is_admin as false and a missing exp as undefined', () => {
    const token = `${enc({})}.${enc({ sub: 'u1', username: 'bob' })}.s`;
    expect(decodeAccessToken(token)).toEqual({
      sub: 'u1',
      username: 'bob',
      is_admin: false,
      exp: undefined,
    });
  });

  it.each([null, '', 'abc', 'a.b', 'a.%%%.c', `${enc({})}.${enc({ username: 'x' })}.s`])(
    'returns null for %s',
    (token) => {
      expect(decodeAccessToken(token)).toBeNull();
    },
  );
});
