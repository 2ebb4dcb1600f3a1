import { describe, expect, it } from 'vitest';
import { ConfigError } from '@forum/service-kit';
import { loadGatewayConfig } from './config.js';

describe('loadGatewayConfig', () => {
  it('has the production defaults', () => {
    const config = loadGatewayConfig({});
    expect(config.port).toBe(8080);
    expect(config.upstreams).toEqual({
      identity: 'http://127.0.0.1:4001',
      forum: 'http://127.0.0.1:4002',
      messaging: 'http://127.0.0.1:4003',
      stream: 'http://127.0.0.1:4004',
    });
    expect(config.upstreamTimeoutMs).toBe(10_000);
    expect(config.jsonBodyLimit).toBe(1024 * 1024);
    expect(config.uploadBodyLimit).toBe(11 * 1024 * 1024);
    expect(config.trustProxy).toBe(false);
    expect(config.adminUsername).toBe('admin');
    expect(config.hstsMaxAge).toBe(0);
    expect(config.devMode).toBe(false);
    expect(config.compressionCacheBytes).toBe(64 * 1024 * 1024);
    expect(config.shellDir).toMatch(/shell[/\\]dist$/);
    expect(config.remotesManifest).toMatch(/\.data[/\\]remotes[/\\]remotes\.json$/);
    expect(config.staticUpstreams).toEqual({ remotes: {} });
  });

  it('reads overrides; GATEWAY_PORT wins over PORT', () => {
    const config = loadGatewayConfig({
      PORT: '9000',
      GATEWAY_PORT: '9100',
      JSON_BODY_LIMIT: '512kb',
      TRUST_PROXY: 'true',
      HSTS: 'true',
      REMOTE_FORUM_URL: 'http://mf-forum:80',
      SHELL_URL: 'http://shell:80',
      REMOTES_MANIFEST: '/etc/forum/remotes.json',
      STATIC_CACHE_SIZE: '16mb',
    });
    expect(config.compressionCacheBytes).toBe(16 * 1024 * 1024);
    expect(config.port).toBe(9100);
    expect(config.jsonBodyLimit).toBe(512 * 1024);
    expect(config.trustProxy).toBe(true);
    expect(config.hstsMaxAge).toBe(31_536_000);
    expect(config.staticUpstreams).toEqual({
      shell: 'http://shell:80',
      remotes: { forum: 'http://mf-forum:80' },
    });
    expect(config.remotesManifest).toBe('/etc/forum/remotes.json');
  });

  it('lists every bad variable at once', () => {
    let error: unknown;
    try {
      loadGatewayConfig({ FORUM_URL: 'nope', UPLOAD_BODY_LIMIT: 'lots', HSTS: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(/FORUM_URL/);
    expect(message).toMatch(/UPLOAD_BODY_LIMIT/);
    expect(message).toMatch(/HSTS/);
  });
});
