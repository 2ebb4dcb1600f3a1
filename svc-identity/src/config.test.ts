import { describe, expect, it } from 'vitest';
import { ConfigError } from '@forum/service-kit';
import { loadIdentityConfig } from './config.js';

describe('identity config', () => {
  it('has local defaults', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      PORT: 4001,
      MONGO_DB: 'identity',
      DATA_DIR: './.data/identity',
      ADMIN_USERNAME: 'admin',
    });
  });

  it('unescapes one-line PEMs', () => {
    const pem = '-----BEGIN PUBLIC KEY-----\\nabc\\n-----END PUBLIC KEY-----';
    const config = loadIdentityConfig({ JWT_PUBLIC_KEY: pem, JWT_PRIVATE_KEY: pem });
    expect(config.JWT_PUBLIC_KEY).toBe('-----BEGIN PUBLIC KEY-----\nabc\n-----END PUBLIC KEY-----');
  });

  it('requires both keys or neither, and PEM blocks', () => {
    expect(() => loadIdentityConfig({ JWT_PRIVATE_KEY: '-----BEGIN X' })).toThrow(ConfigError);
    try {
      loadIdentityConfig({ JWT_PRIVATE_KEY: 'nope', JWT_PUBLIC_KEY: 'nope', PORT: 'x' });
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'JWT_PRIVATE_KEY',
        'JWT_PUBLIC_KEY',
        'PORT',
      ]);
    }
  });
});

describe('identity limits and secrets', () => {
  it('defaults to the production values', () => {
    expect(loadIdentityConfig({})).toMatchObject({
      BCRYPT_ROUNDS: 12,
      ACCESS_TOKEN_TTL: 900,
      REFRESH_TTL: 86_400,
      REFRESH_TTL_REMEMBER: 30 * 86_400,
      PASSWORD_RESET_TTL: 3600,
      AUTH_RATE_LIMIT: 10,
      AUTH_RATE_WINDOW: 900,
      TRUST_PROXY: true,
      FOUNDERS_CLUB_LIMIT: 100,
      MAIL_DIR: './.data/mail',
    });
  });

  it('parses durations and flags, and lists every bad value', () => {
    const config = loadIdentityConfig({
      REFRESH_TTL: '2h',
      TRUST_PROXY: 'false',
      BCRYPT_ROUNDS: '4',
    });
    expect(config).toMatchObject({ REFRESH_TTL: 7200, TRUST_PROXY: false, BCRYPT_ROUNDS: 4 });
    try {
      loadIdentityConfig({
        BCRYPT_ROUNDS: '3',
        REFRESH_TTL: 'soon',
        TRUST_PROXY: 'maybe',
        SMTP_URL: 'http://x',
      });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems.map((p) => p.split(':')[0]).sort()).toEqual([
        'BCRYPT_ROUNDS',
        'REFRESH_TTL',
        'SMTP_URL',
        'TRUST_PROXY',
      ]);
    }
  });

  it('refuses a remembered session shorter than a normal one', () => {
    expect(() => loadIdentityConfig({ REFRESH_TTL: '2d', REFRESH_TTL_REMEMBER: '1d' })).toThrow(
      /REFRESH_TTL_REMEMBER/,
    );
  });
});
