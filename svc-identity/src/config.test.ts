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
