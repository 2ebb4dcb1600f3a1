import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGateway, type GatewayUnderTest } from '../testing/gateway-under-test.js';
import { sendJson, startUpstream } from '../testing/upstream-server.js';
import { CompressionCache, zlibCompress, type CompressFn } from './compression.js';

let root: string;
let shellDir: string;
let remotesDir: string;
let gw: GatewayUnderTest;
let cache: CompressionCache;
const compress = vi.fn<CompressFn>(zlibCompress);

/** Text that compresses well but is not trivially repetitive. */
const text = (lines: number, prefix: string) =>
  Array.from({ length: lines }, (_, i) => `${prefix}(${i}, "item-${(i * 7919) % 1000}");\n`).join(
    '',
  );

const MAIN_JS = text(2000, 'register');
const INDEX_HTML = `<!doctype html><title>shell</title>\n<!-- ${text(60, 'note')} -->`;
const REMOTE_JS = text(1500, 'remote');
const STYLES = `.a{color:red}\n`.repeat(200);
const SMALL_CSS = '.tiny{margin:0}';
// PNG signature followed by filler: a type that is never compressed, however big.
const IMAGE = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(8000, 1),
]);

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** node:http, so nothing negotiates or decodes behind the test's back (fetch does both). */
function raw(
  urlPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
  baseUrl = gw.url,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(baseUrl, { path: urlPath, method, headers });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

function decode(res: RawResponse): Buffer {
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(res.body);
    case 'gzip':
      return gunzipSync(res.body);
    case undefined:
      return res.body;
    default:
      throw new Error(`unexpected encoding ${res.headers['content-encoding']}`);
  }
}

async function write(file: string, content: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const mainJs = '/static/js/main.1a2b3c4d.js';
const remoteJs = '/remotes/forum/1.0.0/static/js/index.aa422254ae.js';

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'gateway-compression-'));
  shellDir = path.join(root, 'shell');
  remotesDir = path.join(root, 'remotes');
  await write(path.join(shellDir, 'index.html'), INDEX_HTML);
  await write(path.join(shellDir, mainJs), MAIN_JS);
  await write(path.join(shellDir, 'static/css/main.0f0f0f0f.css'), STYLES);
  await write(path.join(shellDir, 'static/css/tiny.0e0e0e0e.css'), SMALL_CSS);
  await write(path.join(shellDir, 'static/image/logo.1b1b1b1b.png'), IMAGE);
  await write(path.join(remotesDir, remoteJs.slice('/remotes/'.length)), REMOTE_JS);
  await write(
    path.join(remotesDir, 'remotes.json'),
    JSON.stringify({ forum: { version: '1.0.0', entry: '/remotes/forum/1.0.0/remoteEntry.js' } }),
  );
  cache = new CompressionCache({ compress });
  gw = await startGateway({ SHELL_DIR: shellDir, REMOTES_DIR: remotesDir }, { compression: cache });
});

afterAll(async () => {
  await gw.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(() => compress.mockClear());

describe('negotiation', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.1, gzip', 'gzip'],
  ])('Accept-Encoding %j -> %s, decoding to the file', async (accept, expected) => {
    for (const [urlPath, content] of [
      [mainJs, MAIN_JS],
      [remoteJs, REMOTE_JS],
      ['/', INDEX_HTML],
    ] as const) {
      const res = await raw(urlPath, { 'accept-encoding': accept });
      expect(res.status, urlPath).toBe(200);
      expect(res.headers['content-encoding'], urlPath).toBe(expected);
      expect(res.headers.vary, urlPath).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length']), urlPath).toBe(res.body.length);
      expect(res.body.length, urlPath).toBeLessThan(content.length / 3);
      expect(decode(res).toString(), urlPath).toBe(content);
    }
  });

  it.each<Record<string, string>>([
    {},
    { 'accept-encoding': 'identity' },
    { 'accept-encoding': 'br;q=0, gzip;q=0' },
  ])('sends the file as it is for %j', async (headers) => {
    const res = await raw(mainJs, headers);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(MAIN_JS.length);
    expect(res.body.toString()).toBe(MAIN_JS);
  });

  it('keeps the content type and cache policy of the file', async () => {
    const hashed = await raw(mainJs, { 'accept-encoding': 'br' });
    expect(hashed.headers['content-type']).toMatch(/javascript/);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const index = await raw('/', { 'accept-encoding': 'br' });
    expect(index.headers['content-type']).toMatch(/text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
    const fallback = await raw('/c/golang', { 'accept-encoding': 'gzip', accept: 'text/html' });
    expect(fallback.headers['content-encoding']).toBe('gzip');
    expect(decode(fallback).toString()).toBe(INDEX_HTML);
  });

  it('answers HEAD with the encoded length and no body', async () => {
    const get = await raw(mainJs, { 'accept-encoding': 'br' });
    const head = await raw(mainJs, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(String(get.body.length));
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.body.length).toBe(0);
  });

  it('still answers Range requests with the whole representation', async () => {
    const res = await raw(mainJs, { 'accept-encoding': 'gzip', range: 'bytes=0-99' });
    expect(res.status).toBe(200);
    expect(decode(res).toString()).toBe(MAIN_JS);
  });
});

describe('what is not compressed', () => {
  it('leaves files under 1 KB alone', async () => {
    const res = await raw('/static/css/tiny.0e0e0e0e.css', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SMALL_CSS);
    expect(res.headers['content-length']).toBe(String(SMALL_CSS.length));
  });

  it('leaves images alone, without Vary', async () => {
    const res = await raw('/static/image/logo.1b1b1b1b.png', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary ?? '').not.toMatch(/accept-encoding/i);
    expect(res.body.equals(IMAGE)).toBe(true);
    expect(compress).not.toHaveBeenCalled();
  });

  it('leaves error answers alone', async () => {
    const res = await raw('/static/js/missing.js', { 'accept-encoding': 'br', accept: '*/*' });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual({ error: 'Not found' });
  });
});

describe('validators', () => {
  it('gives every encoding its own ETag and answers 304 to each', async () => {
    const etags = new Map<string, string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const res = await raw(mainJs, { 'accept-encoding': accept });
      etags.set(accept, String(res.headers.etag));
      const again = await raw(mainJs, {
        'accept-encoding': accept,
        'if-none-match': String(res.headers.etag),
      });
      expect(again.status, accept).toBe(304);
      expect(again.body.length, accept).toBe(0);
      expect(again.headers.etag, accept).toBe(res.headers.etag);
      expect(again.headers.vary, accept).toMatch(/accept-encoding/i);
    }
    expect(new Set(etags.values()).size).toBe(3);
    expect(etags.get('br')).toMatch(/^W\/".+-br"$/);
    expect(etags.get('gzip')).toMatch(/^W\/".+-gz"$/);
  });

  it('does not answer 304 when the validator belongs to another encoding', async () => {
    const gzip = await raw(mainJs, { 'accept-encoding': 'gzip' });
    const br = await raw(mainJs, {
      'accept-encoding': 'br',
      'if-none-match': String(gzip.headers.etag),
    });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('answers 304 without compressing anything', async () => {
    const res = await raw('/static/css/main.0f0f0f0f.css', { 'accept-encoding': 'gzip' });
    compress.mockClear();
    const again = await raw('/static/css/main.0f0f0f0f.css', {
      'accept-encoding': 'gzip',
      'if-none-match': String(res.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(compress).not.toHaveBeenCalled();
  });
});

describe('cache', () => {
  it('compresses a file once per encoding and serves later requests from memory', async () => {
    const file = '/remotes/forum/1.0.0/static/js/cached.0123abcd.js';
    await write(path.join(remotesDir, file.slice('/remotes/'.length)), REMOTE_JS);
    const first = await raw(file, { 'accept-encoding': 'br' });
    expect(compress).toHaveBeenCalledTimes(1);
    const hitsBefore = cache.stats.hits;
    for (let i = 0; i < 3; i++) {
      const again = await raw(file, { 'accept-encoding': 'br' });
      expect(again.body.equals(first.body)).toBe(true);
    }
    expect(compress).toHaveBeenCalledTimes(1);
    expect(cache.stats.hits - hitsBefore).toBe(3);
    await raw(file, { 'accept-encoding': 'gzip' });
    await raw(file, { 'accept-encoding': 'gzip' });
    expect(compress).toHaveBeenCalledTimes(2);
  });

  it('shares one compression between concurrent first requests', async () => {
    const file = '/static/js/burst.abcdef01.js';
    await write(path.join(shellDir, file), MAIN_JS);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => raw(file, { 'accept-encoding': 'br' })),
    );
    expect(answers.every((a) => decode(a).toString() === MAIN_JS)).toBe(true);
    expect(compress).toHaveBeenCalledTimes(1);
  });

  it('recompresses index.html when it changes', async () => {
    const index = path.join(shellDir, 'index.html');
    const before = await raw('/', { 'accept-encoding': 'br' });
    const next = INDEX_HTML.replace('<title>shell</title>', '<title>shell v2</title>');
    await writeFile(index, next);
    const later = new Date(Date.now() + 5000);
    await utimes(index, later, later);
    try {
      const after = await raw('/', { 'accept-encoding': 'br' });
      expect(decode(after).toString()).toBe(next);
      expect(after.headers.etag).not.toBe(before.headers.etag);
    } finally {
      await writeFile(index, INDEX_HTML);
    }
  });
});

describe("the gateway's own answers", () => {
  it('compresses the OpenAPI document once, and decodes to the same JSON', async () => {
    const plain = await raw('/api/docs/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const doc: unknown = JSON.parse(plain.body.toString());
    for (const accept of ['br', 'gzip']) {
      const res = await raw('/api/docs/openapi.json', { 'accept-encoding': accept });
      expect(res.headers['content-encoding']).toBe(accept);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body.length).toBeLessThan(plain.body.length);
      expect(JSON.parse(decode(res).toString())).toEqual(doc);
    }
    compress.mockClear();
    await raw('/api/docs/openapi.json', { 'accept-encoding': 'br' });
    expect(compress).not.toHaveBeenCalled();
  });

  it('compresses the docs page, not the small remotes manifest', async () => {
    const page = await raw('/api/docs', { 'accept-encoding': 'gzip', accept: 'text/html' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(decode(page).toString()).toContain('/api/admin/stats');
    const manifest = await raw('/remotes.json', { 'accept-encoding': 'br' });
    expect(manifest.headers['content-encoding']).toBeUndefined();
    expect(manifest.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse(manifest.body.toString())).toMatchObject({ forum: { version: '1.0.0' } });
  });
});

describe('proxied answers', () => {
  it('are streamed as the service sent them, never re-encoded', async () => {
    const big = { items: text(200, 'row') };
    const service = await startUpstream((_req, res) => sendJson(res, 200, big));
    const proxied = await startGateway({ FORUM_URL: service.url }, { compression: cache });
    try {
      const res = await raw('/api/posts', { 'accept-encoding': 'br, gzip' }, 'GET', proxied.url);
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(res.body.toString())).toEqual(big);
      expect(compress).not.toHaveBeenCalled();
    } finally {
      await proxied.close();
      await service.close();
    }
  });
});
