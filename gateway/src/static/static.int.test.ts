import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import { sendJson, startUpstream, type TestUpstream } from '../testing/upstream-server.js';

let root: string;
let shellDir: string;
let remotesDir: string;
let gw: GatewayUnderTest;

const manifestFile = () => path.join(remotesDir, 'remotes.json');
const manifestFor = (forumVersion: string) => ({
  forum: { version: forumVersion, entry: `/remotes/forum/${forumVersion}/remoteEntry.js` },
  inbox: { version: '1.0.0', entry: '/remotes/inbox/1.0.0/remoteEntry.js' },
  admin: { version: '1.0.0', entry: '/remotes/admin/1.0.0/remoteEntry.js' },
});

async function write(file: string, content: string): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

/**
 * A raw request: the path reaches the gateway exactly as written (fetch would normalise it) and
 * no headers are added (fetch adds Cache-Control: no-cache to conditional requests).
 */
function rawGet(
  url: string,
  rawPath: string,
  headers: Record<string, string> = { accept: 'text/html' },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { path: rawPath, headers });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gateway-static-'));
  shellDir = path.join(root, 'shell');
  remotesDir = path.join(root, 'remotes');
  await write(path.join(root, 'secret.txt'), 'TOP SECRET');
  await write(path.join(shellDir, 'index.html'), '<!doctype html><title>shell</title>');
  await write(path.join(shellDir, 'static', 'js', 'main.1a2b3c4d.js'), 'console.log(1)');
  await write(path.join(shellDir, 'favicon.svg'), '<svg/>');
  await write(path.join(shellDir, '.env'), 'SECRET=1');
  await write(path.join(remotesDir, 'forum', '1.0.0', 'remoteEntry.js'), 'forum v1');
  await write(path.join(remotesDir, 'forum', '1.1.0', 'remoteEntry.js'), 'forum v1.1');
  await write(manifestFile(), JSON.stringify(manifestFor('1.0.0')));
  gw = await startGateway({ SHELL_DIR: shellDir, REMOTES_DIR: remotesDir });
});

afterAll(async () => {
  await gw.close();
  await rm(root, { recursive: true, force: true });
});

describe('shell', () => {
  it('serves index.html at / without caching it', async () => {
    const res = await gw.fetch('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>shell</title>');
  });

  it('falls back to index.html for page navigations', async () => {
    for (const page of ['/c/golang', '/post/123', '/inbox/abc', '/admin']) {
      const res = await gw.fetch(page, { headers: { accept: 'text/html,*/*' } });
      expect(res.status, page).toBe(200);
      expect(await res.text()).toContain('<title>shell</title>');
    }
  });

  it('sends the document-only security headers with documents, not with scripts', async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'permissions-policy',
      'cross-origin-opener-policy',
    ];
    const headersOf = async (file: string, status = 200) => {
      const res = await gw.fetch(file, { headers: { accept: '*/*' } });
      expect(res.status, file).toBe(status);
      return res.headers;
    };
    for (const file of ['/static/js/main.1a2b3c4d.js', '/remotes/forum/1.0.0/remoteEntry.js']) {
      const headers = await headersOf(file);
      expect(
        documentOnly.filter((name) => headers.has(name)),
        file,
      ).toEqual([]);
      expect(headers.get('x-content-type-options'), file).toBe('nosniff');
      expect(headers.get('referrer-policy'), file).toBe('strict-origin-when-cross-origin');
    }
    // The page, an SVG (a document when opened on its own) and an error keep every one.
    for (const file of ['/', '/favicon.svg', '/static/js/missing.js']) {
      const headers = await headersOf(file).catch(async () => (await gw.fetch(file)).headers);
      expect(
        documentOnly.filter((name) => !headers.has(name)),
        file,
      ).toEqual([]);
    }
  });

  it('does not answer a missing asset with HTML', async () => {
    const res = await gw.fetch('/static/js/missing.js', { headers: { accept: '*/*' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found' });
  });

  it('caches hashed assets for a year and revalidates the rest', async () => {
    const hashed = await gw.fetch('/static/js/main.1a2b3c4d.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('content-type')).toMatch(/javascript/);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const plain = await gw.fetch('/favicon.svg');
    expect(plain.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 304 to a conditional request for an unchanged file', async () => {
    const first = await gw.fetch('/favicon.svg');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await rawGet(gw.url, '/favicon.svg', { 'if-none-match': etag! });
    expect(again.status).toBe(304);
  });

  it('refuses directory traversal and dot-files', async () => {
    for (const raw of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/static/..%2f..%2f..%2fsecret.txt',
      '/.env',
      '/remotes/forum/1.0.0/..%2f..%2f..%2fsecret.txt',
      '/remotes/forum/1.0.0/../../../secret.txt',
    ]) {
      const res = await rawGet(gw.url, raw);
      expect(res.body, raw).not.toContain('TOP SECRET');
      expect(res.body, raw).not.toContain('SECRET=1');
    }
  });

  it('answers other methods with 404', async () => {
    expect((await gw.fetch('/', { method: 'POST' })).status).toBe(404);
  });
});

describe('remotes', () => {
  it('serves remotes.json and picks up a new version without a restart', async () => {
    const first = await gw.fetch('/remotes.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(((await first.json()) as { forum: { version: string } }).forum.version).toBe('1.0.0');

    await writeFile(manifestFile(), JSON.stringify(manifestFor('1.1.0')));
    const second = await gw.fetch('/remotes.json');
    expect(((await second.json()) as { forum: { version: string } }).forum.version).toBe('1.1.0');

    // A broken write keeps the last good manifest in service.
    await writeFile(manifestFile(), '{"forum": ');
    const third = await gw.fetch('/remotes.json');
    expect(((await third.json()) as { forum: { version: string } }).forum.version).toBe('1.1.0');
    await writeFile(manifestFile(), JSON.stringify(manifestFor('1.0.0')));
  });

  it('serves versioned remote files as immutable and 404s missing ones', async () => {
    const entry = await gw.fetch('/remotes/forum/1.1.0/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(await entry.text()).toBe('forum v1.1');
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(entry.headers.get('content-type')).toMatch(/javascript/);

    for (const missing of [
      '/remotes/forum/9.9.9/remoteEntry.js',
      '/remotes/forum/1.0.0/nope.js',
      '/remotes/x',
    ]) {
      const res = await gw.fetch(missing, { headers: { accept: 'text/html' } });
      expect(res.status, missing).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('404s remotes.json when the manifest does not exist', async () => {
    const empty = await startGateway({ SHELL_DIR: shellDir, REMOTES_DIR: path.join(root, 'none') });
    try {
      const res = await empty.fetch('/remotes.json');
      expect(res.status).toBe(404);
    } finally {
      await empty.close();
    }
  });
});

describe('static upstreams (production)', () => {
  let shellUpstream: TestUpstream;
  let forumUpstream: TestUpstream;
  let prod: GatewayUnderTest;

  beforeAll(async () => {
    shellUpstream = await startUpstream((req, res) =>
      sendJson(res, 200, { from: 'shell', url: req.url }),
    );
    forumUpstream = await startUpstream((req, res) =>
      sendJson(res, 200, { from: 'mf-forum', url: req.url }),
    );
    prod = await startGateway({
      SHELL_URL: shellUpstream.url,
      REMOTE_FORUM_URL: forumUpstream.url,
      REMOTES_DIR: remotesDir,
      REMOTES_MANIFEST: manifestFile(),
    });
  });

  afterAll(async () => {
    await prod.close();
    await shellUpstream.close();
    await forumUpstream.close();
  });

  it('proxies the shell and configured remotes, and still serves the manifest file', async () => {
    expect(await (await prod.fetch('/c/golang')).json()).toEqual({
      from: 'shell',
      url: '/c/golang',
    });
    expect(await (await prod.fetch('/remotes/forum/2.0.0/remoteEntry.js')).json()).toEqual({
      from: 'mf-forum',
      url: '/remotes/forum/2.0.0/remoteEntry.js',
    });
    // Remotes without an upstream are still read from REMOTES_DIR.
    expect((await prod.fetch('/remotes/inbox/1.0.0/remoteEntry.js')).status).toBe(404);
    expect((await prod.fetch('/remotes.json')).status).toBe(200);
  });
});
