import { request as httpRequest } from 'node:http';
import { test, expect } from '@playwright/test';
import {
  CORRUPT_PNG,
  GIF_1X1,
  GIF_JS_POLYGLOT,
  GIF_WITH_TRAILING_SCRIPT,
  HTML_PAGE,
  PNG_HEADER_THEN_HTML,
  PNG_WITH_TRAILING_HTML,
  SVG_WITH_SCRIPT,
  TRUNCATED_PNG,
  oversized,
  pixelBombPng,
} from './attack-files.js';
import {
  PNG_1X1,
  apiClient,
  createCommunity,
  expectErrorBody,
  hostile,
  imageForm,
  mediaFiles,
  signUp,
  type Api,
  type ApiResult,
  type Json,
  type Session,
} from './helpers.js';

/**
 * Hostile files against the three upload endpoints (avatar, community logo, post image). Each is
 * refused with the spec's text and leaves nothing behind, or - when it really is an image - is
 * re-encoded to WebP and served as image/webp with nosniff (ARCHITECTURE §6).
 */

const INVALID_TYPE = 'Invalid file type. Only JPEG, PNG, GIF, and WebP images are allowed.';
const TOO_MANY_PIXELS = 'Image dimensions too large. Maximum is 50 megapixels.';
const MB = 1024 * 1024;

interface Target {
  name: string;
  maxMb: number;
  prefix: string;
  upload(bytes: Uint8Array, filename: string, type: string): Promise<ApiResult<Json>>;
  /** The resource's own record of its image (must not move on a refusal). */
  state(): Promise<unknown>;
  /** The stored URL in a successful answer. */
  urlOf(res: ApiResult<Json>): string;
}

interface Attack {
  name: string;
  bytes: Uint8Array | ((maxMb: number) => Uint8Array);
  filename: string;
  type: string;
  /** Refused: allowed statuses and the error text (a RegExp for per-target texts). */
  refuse?: { status: number[]; error: string | RegExp };
}

const ATTACKS: Attack[] = [
  {
    name: 'SVG with script',
    bytes: SVG_WITH_SCRIPT,
    filename: 'evil.svg',
    type: 'image/svg+xml',
    refuse: { status: [415], error: INVALID_TYPE },
  },
  {
    name: 'SVG renamed .png',
    bytes: SVG_WITH_SCRIPT,
    filename: 'evil.png',
    type: 'image/png',
    refuse: { status: [415], error: INVALID_TYPE },
  },
  {
    name: 'HTML renamed .png',
    bytes: HTML_PAGE,
    filename: 'page.png',
    type: 'image/png',
    refuse: { status: [415], error: INVALID_TYPE },
  },
  {
    name: 'PNG signature followed by HTML',
    bytes: PNG_HEADER_THEN_HTML,
    filename: 'polyglot.png',
    type: 'image/png',
    refuse: { status: [400, 415], error: INVALID_TYPE },
  },
  {
    name: 'GIF/JS polyglot',
    bytes: GIF_JS_POLYGLOT,
    filename: 'polyglot.gif',
    type: 'image/gif',
    refuse: { status: [400, 415], error: INVALID_TYPE },
  },
  {
    name: 'truncated PNG',
    bytes: TRUNCATED_PNG,
    filename: 'cut.png',
    type: 'image/png',
    refuse: { status: [400], error: INVALID_TYPE },
  },
  {
    name: 'corrupt PNG data',
    bytes: CORRUPT_PNG,
    filename: 'corrupt.png',
    type: 'image/png',
    refuse: { status: [400], error: INVALID_TYPE },
  },
  {
    name: 'zero bytes',
    bytes: new Uint8Array(0),
    filename: 'empty.png',
    type: 'image/png',
    refuse: { status: [400, 415], error: /Invalid file type|No file|required|select an image/i },
  },
  {
    name: 'pixel bomb (100000 x 100000 declared, a few hundred bytes)',
    bytes: pixelBombPng(100_000, 100_000),
    filename: 'bomb.png',
    type: 'image/png',
    refuse: { status: [400], error: TOO_MANY_PIXELS },
  },
  {
    name: 'pixel bomb (8000 x 8000 = 64 MP)',
    bytes: pixelBombPng(8000, 8000),
    filename: 'bomb2.png',
    type: 'image/png',
    refuse: { status: [400], error: TOO_MANY_PIXELS },
  },
  {
    name: 'one byte over the size limit',
    bytes: (maxMb) => oversized(maxMb * MB + 1),
    filename: 'big.png',
    type: 'image/png',
    refuse: { status: [413], error: /^File size too large\. Maximum size is \d+MB\.$/ },
  },
  // Real images in hostile wrapping: accepted, and only a re-encoded WebP is ever served.
  {
    name: 'PNG with HTML after IEND',
    bytes: PNG_WITH_TRAILING_HTML,
    filename: 'x.html',
    type: 'text/html',
  },
  {
    name: 'GIF with script after the trailer',
    bytes: GIF_WITH_TRAILING_SCRIPT,
    filename: 'x.gif',
    type: 'image/gif',
  },
  {
    name: 'path-traversal file name',
    bytes: PNG_1X1,
    filename: '../../../../../tmp/sectraversal.png',
    type: 'image/png',
  },
  {
    name: 'encoded traversal file name',
    bytes: GIF_1X1,
    filename: '..%2F..%2Fsecencoded.gif',
    type: 'image/gif',
  },
  {
    name: 'mismatched Content-Type',
    bytes: PNG_1X1,
    filename: 'shell.php',
    type: 'application/x-php',
  },
];

let api: Api;
let owner: Session;
let communityId: string;

test.beforeAll(async () => {
  api = apiClient(hostile.baseUrl);
  owner = await signUp(api, 'upl');
  communityId = String((await createCommunity(api, owner)).id);
});

const targets = (): Target[] => [
  {
    name: 'avatar',
    maxMb: 2,
    prefix: '/media/avatars/',
    upload: (bytes, filename, type) =>
      api<Json>('POST', '/auth/avatar', {
        token: owner.token,
        form: imageForm('avatar', bytes, filename, type),
      }),
    state: async () =>
      ((await api<Json>('GET', '/auth/me', { token: owner.token })).json.user as Json).avatar_url,
    urlOf: (res) => String(res.json.avatar_url),
  },
  {
    name: 'community logo',
    maxMb: 2,
    prefix: '/media/logos/',
    upload: (bytes, filename, type) =>
      api<Json>('POST', `/communities/${communityId}/logo`, {
        token: owner.token,
        form: imageForm('avatar', bytes, filename, type),
      }),
    state: async () =>
      ((await api<Json>('GET', `/communities/id/${communityId}`)).json.community as Json).logo_url,
    urlOf: (res) => String(res.json.logo_url),
  },
  {
    name: 'post image',
    maxMb: 10,
    prefix: '/media/posts/',
    upload: (bytes, filename, type) => {
      const form = imageForm('image', bytes, filename, type);
      form.append('title', 'Image post from the security sweep');
      form.append('type', 'image');
      form.append('community_id', communityId);
      form.append('content', 'desc');
      return api<Json>('POST', '/posts', { token: owner.token, form, timeoutMs: 60_000 });
    },
    state: async () => {
      const r = await api<Json>('GET', `/posts?community_id=${communityId}&sort=new&limit=50`);
      return idsOf(r.json.posts);
    },
    urlOf: (res) => String((res.json.post as Json).image_url),
  },
];

const idsOf = (list: unknown) => ((list as Json[] | undefined) ?? []).map((p) => p.id);

async function expectServedAsWebp(url: string, prefix: string): Promise<void> {
  expect(url, 'content-addressed WebP under the media prefix').toMatch(
    new RegExp(`^${prefix}[A-Za-z0-9_-]+\\.webp$`),
  );
  const res = await fetch(`${hostile.baseUrl}${url}`);
  expect(res.status, url).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/webp');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  const bytes = Buffer.from(await res.arrayBuffer());
  expect(bytes.subarray(0, 4).toString('latin1'), 'RIFF container').toBe('RIFF');
  expect(bytes.subarray(8, 12).toString('latin1'), 'WebP payload').toBe('WEBP');
  const text = bytes.toString('latin1').toLowerCase();
  for (const marker of ['<script', '<html', 'onerror', '__xss']) {
    expect(text, `re-encoded output carries no ${marker}`).not.toContain(marker);
  }
}

for (const targetName of ['avatar', 'community logo', 'post image']) {
  test(`hostile files against the ${targetName} upload`, async () => {
    const target = targets().find((t) => t.name === targetName)!;
    const failures: string[] = [];
    for (const attack of ATTACKS) {
      const bytes = typeof attack.bytes === 'function' ? attack.bytes(target.maxMb) : attack.bytes;
      const filesBefore = mediaFiles(hostile.dataDir);
      const stateBefore = await target.state();
      const res = await target.upload(bytes, attack.filename, attack.type);
      const where = `${target.name} <- ${attack.name}`;
      if (attack.refuse) {
        if (!attack.refuse.status.includes(res.status)) {
          failures.push(`${where}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          continue;
        }
        expectErrorBody(res, where);
        if (typeof attack.refuse.error === 'string') {
          expect(res.json.error, where).toBe(attack.refuse.error);
        } else {
          expect(String(res.json.error), where).toMatch(attack.refuse.error);
        }
        if (res.status === 413) {
          expect(res.json.error, where).toBe(
            `File size too large. Maximum size is ${target.maxMb}MB.`,
          );
        }
        expect(mediaFiles(hostile.dataDir), `${where}: nothing stored`).toEqual(filesBefore);
        expect(await target.state(), `${where}: the resource is unchanged`).toEqual(stateBefore);
      } else {
        if (res.status !== 200 && res.status !== 201) {
          failures.push(`${where}: ${res.status} ${JSON.stringify(res.json).slice(0, 200)}`);
          continue;
        }
        await expectServedAsWebp(target.urlOf(res), target.prefix);
        const added = mediaFiles(hostile.dataDir).filter((f) => !filesBefore.includes(f));
        for (const file of added) {
          expect(file, `${where}: stored under the data dir's media folder`).toMatch(
            new RegExp(
              `^${hostile.dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(identity|forum)/media/`,
            ),
          );
          expect(file, `${where}: the client's file name is not used`).not.toMatch(
            /sectraversal|secencoded|shell\.php|x\.html/,
          );
        }
      }
    }
    expect(failures, 'unexpected statuses').toEqual([]);
  });
}

test('a second file, a file in another field, and a non-multipart body are refused', async () => {
  const form = imageForm('avatar', PNG_1X1, 'a.png', 'image/png');
  form.append('avatar', new Blob([GIF_1X1], { type: 'image/gif' }), 'b.gif');
  const two = await api<Json>('POST', '/auth/avatar', { token: owner.token, form });
  expect(two.status).toBe(400);
  expectErrorBody(two, 'two files');
  const other = await api<Json>('POST', '/auth/avatar', {
    token: owner.token,
    form: imageForm('file', PNG_1X1, 'a.png', 'image/png'),
  });
  expect(other.status).toBe(400);
  expectErrorBody(other, 'file in another field');
  const json = await api<Json>('POST', '/auth/avatar', {
    token: owner.token,
    body: { avatar: PNG_1X1.toString('base64') },
  });
  expect([400, 415]).toContain(json.status);
  expectErrorBody(json, 'JSON body');
});

/** A raw request line (no URL normalisation by the client). */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(hostile.baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: hostname, port, path, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('latin1');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('media URLs cannot reach outside the media folders', async () => {
  for (const path of [
    '/media/avatars/../../jwt-es256-private.pem',
    '/media/avatars/..%2f..%2fjwt-es256-private.pem',
    '/media/avatars/%2e%2e/%2e%2e/jwt-es256-private.pem',
    '/media/avatars/..%5c..%5cjwt-es256-private.pem',
    '/media/logos/../../../identity/jwt-es256-private.pem',
    '/media/posts/%2e%2e%2f%2e%2e%2f%2e%2e%2fidentity%2fjwt-es256-private.pem',
    '/media/avatars/....//....//jwt-es256-private.pem',
    '/media/avatars/x.webp%00.pem',
    '/media/../identity/jwt-es256-private.pem',
  ]) {
    const r = await rawGet(path);
    expect(r.status, path).toBeGreaterThanOrEqual(400);
    expect(r.status, path).toBeLessThan(500);
    expect(r.body, `${path}: no key material`).not.toMatch(/PRIVATE KEY|BEGIN/);
  }
});
