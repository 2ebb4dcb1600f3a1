import { describe, expect, it } from 'vitest';
import { findNatsServer, natsCandidates } from './nats.js';

describe('findNatsServer', () => {
  it('prefers NATS_SERVER_BIN, then PATH, then /usr/sbin', () => {
    const env = { NATS_SERVER_BIN: '/opt/nats', PATH: '/a:/b' };
    expect(natsCandidates(env)).toEqual([
      '/opt/nats',
      '/a/nats-server',
      '/b/nats-server',
      '/usr/sbin/nats-server',
      '/usr/local/sbin/nats-server',
    ]);
    expect(findNatsServer({ PATH: '/a:/b' }, (f) => f === '/b/nats-server')).toBe('/b/nats-server');
    expect(findNatsServer({ PATH: '/a' }, (f) => f === '/usr/sbin/nats-server')).toBe(
      '/usr/sbin/nats-server',
    );
  });

  it('returns undefined when there is none', () => {
    expect(findNatsServer({ PATH: '/a' }, () => false)).toBeUndefined();
  });
});
