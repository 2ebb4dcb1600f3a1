import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from './testing/gateway-under-test.js';
import {
  closedPortUrl,
  sendJson,
  startUpstream,
  type TestUpstream,
} from './testing/upstream-server.js';

let service: TestUpstream;
let gw: GatewayUnderTest;

beforeAll(async () => {
  service = await startUpstream((req, res) => {
    // Even an upstream that tries to relax the policy does not get its way.
    res.setHeader('content-security-policy', "script-src 'unsafe-inline'");
    sendJson(res, 200, { url: req.url });
  });
  gw = await startGateway({
    IDENTITY_URL: service.url,
    FORUM_URL: service.url,
    MESSAGING_URL: service.url,
  });
});

afterAll(async () => {
  await gw.close();
  await service.close();
});

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
  "img-src 'self' data: blob:; connect-src 'self'; font-src 'self'; object-src 'none'; " +
  "base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

describe('security headers', () => {
  it.each(['/api/posts', '/api/nope', '/', '/remotes.json', '/health', '/api/docs'])(
    'are on %s',
    async (path) => {
      const res = await gw.fetch(path);
      expect(res.headers.get('content-security-policy')).toBe(CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('permissions-policy')).toMatch(/camera=\(\)/);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    },
  );

  it('sends HSTS only when configured', async () => {
    const hsts = await startGateway({ HSTS: '600' });
    try {
      const res = await hsts.fetch('/health');
      expect(res.headers.get('strict-transport-security')).toBe('max-age=600; includeSubDomains');
    } finally {
      await hsts.close();
    }
  });

  it('admits the dev servers named in remotes.json in dev mode only', async () => {
    const { mkdtemp, writeFile, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const path = await import('node:path');
    const dir = await mkdtemp(path.join(tmpdir(), 'gateway-dev-'));
    await writeFile(
      path.join(dir, 'remotes.json'),
      JSON.stringify({ forum: { version: 'dev', entry: 'http://localhost:3001/remoteEntry.js' } }),
    );
    const dev = await startGateway({ REMOTES_DIR: dir, DEV_MODE: 'true' });
    const prod = await startGateway({ REMOTES_DIR: dir });
    try {
      const devCsp = (await dev.fetch('/health')).headers.get('content-security-policy');
      expect(devCsp).toContain("script-src 'self' http://localhost:3001");
      expect((await prod.fetch('/health')).headers.get('content-security-policy')).toBe(CSP);
    } finally {
      await dev.close();
      await prod.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('probes', () => {
  it('serves its own /health and /metrics', async () => {
    const health = await gw.fetch('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', service: 'gateway' });
    const metrics = await gw.fetch('/metrics');
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });

  it('is ready when every service answers /health, and not when one is down', async () => {
    expect((await gw.fetch('/ready')).status).toBe(200);
    const degraded = await startGateway({
      IDENTITY_URL: service.url,
      FORUM_URL: service.url,
      MESSAGING_URL: await closedPortUrl(),
    });
    try {
      const res = await degraded.fetch('/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ checks: { messaging: false, forum: true } });
    } finally {
      await degraded.close();
    }
  });
});

describe('API docs', () => {
  it('serves the OpenAPI document as JSON', async () => {
    for (const res of [
      await gw.fetch('/api/docs', { headers: { accept: 'application/json' } }),
      await gw.fetch('/api/docs/openapi.json'),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
      expect(doc.openapi).toMatch(/^3\./);
      expect(Object.keys(doc.paths)).toContain('/api/admin/stats');
      expect(Object.keys(doc.paths).some((p) => p.startsWith('/internal'))).toBe(false);
    }
  });

  it('serves a script-free HTML page with its own stylesheet', async () => {
    const res = await gw.fetch('/api/docs', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    const html = await res.text();
    expect(html).toContain('/api/admin/stats');
    expect(html).not.toMatch(/<script/i);
    const css = await gw.fetch('/api/docs/docs.css');
    expect(css.headers.get('content-type')).toMatch(/text\/css/);
  });
});
