import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Router } from '@koa/router';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../errors.js';
import { createApp } from '../http/create-app.js';
import { captureLogs } from '../testing/log-capture.js';
import { serve, type ServedApp } from '../testing/serve.js';
import {
  IMAGE_PRESETS,
  IMAGE_TOO_MANY_PIXELS,
  INVALID_IMAGE_TYPE,
  createMediaStore,
  detectImageType,
  imageUpload,
  processImage,
  saveImage,
  serveMedia,
  type MediaStore,
} from './index.js';

const TOO_LARGE_2MB = 'File size too large. Maximum size is 2MB.';

const base = (width = 300, height = 200) =>
  sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });

const images: Record<'jpeg' | 'png' | 'gif' | 'webp', Buffer> = {} as never;
let animatedGif: Buffer;
let rotatedJpeg: Buffer;

beforeAll(async () => {
  images.jpeg = await base().jpeg().toBuffer();
  images.png = await base().png().toBuffer();
  images.gif = await base().gif().toBuffer();
  images.webp = await base().webp().toBuffer();
  const frame = (r: number) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g: 0, b: 0 } } })
      .png()
      .toBuffer();
  animatedGif = await sharp([await frame(10), await frame(120), await frame(250)], {
    join: { animated: true },
  })
    .gif({ delay: [100, 100, 100] })
    .toBuffer();
  // Stored 300x200 with EXIF orientation 6 (rotate 90° clockwise to display): shown 200x300.
  rotatedJpeg = await base().jpeg().withMetadata({ orientation: 6 }).toBuffer();
});

const SVG_WITH_SCRIPT = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const TEXT = Buffer.from('just some text, named cat.png\n');

describe('detectImageType', () => {
  it('accepts JPEG, PNG, GIF and WebP from their bytes', async () => {
    for (const [type, bytes] of Object.entries(images)) {
      expect(await detectImageType(bytes)).toBe(type);
    }
  });

  it('refuses anything else with 415 and the spec text', async () => {
    const pdf = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n');
    const tiff = await base().tiff().toBuffer();
    for (const bytes of [TEXT, SVG_WITH_SCRIPT, HTML, pdf, tiff, Buffer.alloc(0)]) {
      const err = await detectImageType(bytes).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 415, message: INVALID_IMAGE_TYPE });
    }
  });
});

describe('processImage', () => {
  it('re-encodes every accepted type to WebP within the bounds', async () => {
    for (const bytes of Object.values(images)) {
      const out = await processImage(bytes, { maxSize: 256, square: true });
      expect(await detectImageType(out.data)).toBe('webp');
      const meta = await sharp(out.data).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
      expect([out.width, out.height]).toEqual([256, 256]);
    }
  });

  it('fits post images inside maxSize without enlarging, with a thumbnail', async () => {
    const big = await base(3000, 1500).jpeg().toBuffer();
    const out = await processImage(big, IMAGE_PRESETS.post.process);
    expect([out.width, out.height]).toEqual([2048, 1024]);
    expect([out.thumbnail?.width, out.thumbnail?.height]).toEqual([640, 320]);
    const small = await processImage(images.png, { maxSize: 2048, thumbnail: 640 });
    expect([small.width, small.height]).toEqual([300, 200]);
    expect([small.thumbnail?.width, small.thumbnail?.height]).toEqual([300, 200]);
  });

  it('applies the EXIF orientation and strips metadata', async () => {
    expect((await sharp(rotatedJpeg).metadata()).orientation).toBe(6);
    const out = await processImage(rotatedJpeg, { maxSize: 2048 });
    expect([out.width, out.height]).toEqual([200, 300]);
    const meta = await sharp(out.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(meta.icc).toBeUndefined();
  });

  it('turns an animated GIF into a still WebP (first frame)', async () => {
    expect((await sharp(animatedGif, { pages: -1 }).metadata()).pages).toBe(3);
    const out = await processImage(animatedGif, { maxSize: 2048 });
    const meta = await sharp(out.data, { pages: -1 }).metadata();
    expect([meta.format, meta.pages ?? 1, out.width, out.height]).toEqual(['webp', 1, 64, 48]);
  });

  it('answers a truncated image with 400 and the spec text', async () => {
    for (const bytes of [images.png, images.jpeg, images.gif, images.webp]) {
      const truncated = bytes.subarray(0, Math.floor(bytes.length / 2));
      const err = await processImage(truncated, { maxSize: 256 }).catch((e: unknown) => e);
      expect(err).toMatchObject({ status: 400, message: INVALID_IMAGE_TYPE });
    }
  });

  it('refuses decompression bombs before decoding', async () => {
    const err = await processImage(images.png, { maxSize: 256, maxInputPixels: 10_000 }).catch(
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ status: 400, message: IMAGE_TOO_MANY_PIXELS });
  });

  it('refuses non-images with 415 before sharp sees them', async () => {
    const err = await processImage(SVG_WITH_SCRIPT, { maxSize: 256 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 415, message: INVALID_IMAGE_TYPE });
  });
});

describe('media store', () => {
  let dir: string;
  let store: MediaStore;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-'));
    store = createMediaStore({ dir: path.join(dir, 'avatars'), urlPrefix: '/media/avatars' });
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('stores content-addressed, once per content, atomically', async () => {
    const data = (await processImage(images.jpeg, IMAGE_PRESETS.avatar.process)).data;
    const first = await store.put(data);
    expect(first.url).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
    expect(first.url).toBe(`/media/avatars/${first.key}`);
    const again = await store.put(Buffer.from(data));
    expect(again).toEqual(first);
    expect(await readdir(store.dir)).toEqual([first.key]);
  });

  const unreferenced = async () => false;

  it('releases idempotently and never outside its directory', async () => {
    const { url, key } = await store.put(Buffer.from('x'));
    const outside = path.join(dir, 'secret.webp');
    await writeFile(outside, 'keep');
    for (const bad of [
      '/media/avatars/../secret.webp',
      '../secret.webp',
      '/media/posts/' + key,
      '/media/avatars/' + key.toUpperCase(),
      `/media/avatars/${key}/../../secret.webp`,
      '',
      null,
      undefined,
    ]) {
      expect(await store.release(bad, unreferenced)).toBe(false);
    }
    expect(await readdir(dir)).toEqual(expect.arrayContaining(['secret.webp', 'avatars']));
    expect(await store.release(url, unreferenced)).toBe(true);
    expect(await store.release(url, unreferenced)).toBe(false);
    expect(await store.release(key, unreferenced)).toBe(false);
    expect(await readdir(store.dir)).toEqual([]);
  });

  it('keeps a file that is still referenced, asking with its URL', async () => {
    const { url, key } = await store.put(Buffer.from('y'));
    const asked: string[] = [];
    const referenced = async (u: string) => {
      asked.push(u);
      return true;
    };
    expect(await store.release(key, referenced)).toBe(false);
    expect(asked).toEqual([url]);
    expect(await readdir(store.dir)).toEqual([key]);
  });

  it("saveImage's ensureStored writes back the files a concurrent release removed", async () => {
    const big = await base(1200, 800).jpeg().toBuffer();
    const saved = await saveImage(store, big, IMAGE_PRESETS.post.process);
    const keys = [saved.key, store.keyOf(saved.thumbnailUrl!)!].sort();
    await store.release(saved.url, unreferenced);
    await store.release(saved.thumbnailUrl, unreferenced);
    expect(await readdir(store.dir)).toEqual([]);
    await saved.ensureStored();
    expect((await readdir(store.dir)).sort()).toEqual(keys);
  });

  it('never leaves a reference without its file when an upload races a release of the same bytes', async () => {
    // Documents referencing each URL; every read and write of them yields to the file system,
    // so uploads and releases interleave differently from round to round.
    const references = new Map<string, number>();
    const settle = async () => {
      for (let i = Math.floor(Math.random() * 4); i > 0; i--) {
        await new Promise((r) => (Math.random() < 0.5 ? setImmediate(r) : setTimeout(r, 1)));
      }
    };
    const isReferenced = async (url: string) => {
      await settle();
      return (references.get(url) ?? 0) > 0;
    };
    const reference = async (url: string, delta: number) => {
      await settle();
      references.set(url, (references.get(url) ?? 0) + delta);
    };
    const data = Buffer.from('the same image, uploaded twice');
    const { url, key } = await store.put(data);
    for (let round = 0; round < 300; round++) {
      // One document shows the image and is being deleted, while the same bytes are uploaded
      // for another (put, its document stored, put again: SavedImage.ensureStored).
      await store.put(data);
      references.set(url, 1);
      await Promise.all([
        (async () => {
          await settle();
          await store.put(data);
          await reference(url, +1);
          await store.put(data);
        })(),
        (async () => {
          await settle();
          await reference(url, -1);
          await store.release(url, isReferenced);
        })(),
      ]);
      expect(references.get(url), `round ${round}`).toBe(1);
      expect(
        await readdir(store.dir),
        `round ${round}: the file of the surviving reference`,
      ).toEqual([key]);
      references.set(url, 0);
      expect(await store.release(url, isReferenced)).toBe(true);
    }
  });

  it('rejects a prefix that could escape', () => {
    expect(() => createMediaStore({ dir, urlPrefix: '/media/../etc' })).toThrow();
    expect(() => createMediaStore({ dir, urlPrefix: '' })).toThrow();
  });
});

describe('upload -> process -> store -> serve', () => {
  let dir: string;
  let store: MediaStore;
  let served: ServedApp;
  const seen: { fields?: unknown; file?: boolean }[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'media-app-'));
    store = createMediaStore({ dir, urlPrefix: '/media/avatars' });
    const app = createApp({ name: 'svc-media-test', logger: captureLogs().logger });
    app.use(serveMedia(store));
    const router = new Router();
    router.post(
      '/api/avatar',
      imageUpload({ field: 'avatar', ...IMAGE_PRESETS.avatar }),
      async (ctx) => {
        seen.push({ fields: ctx.request.body, file: ctx.file !== undefined });
        if (!ctx.file) throw new HttpError(400, 'Please select an image');
        const saved = await saveImage(store, ctx.file.buffer, IMAGE_PRESETS.avatar.process);
        ctx.body = { avatar_url: saved.url };
      },
    );
    router.post(
      '/api/posts',
      imageUpload({ field: 'image', maxBytes: 10 * 1024 * 1024, tooLargeMessage: 'too big' }),
      async (ctx) => {
        const saved = ctx.file
          ? await saveImage(store, ctx.file.buffer, IMAGE_PRESETS.post.process)
          : undefined;
        ctx.body = { fields: ctx.request.body, image: saved };
      },
    );
    app.use(router.routes());
    served = await serve(app);
  });
  afterAll(async () => {
    await served.close();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    seen.length = 0;
  });

  const upload = (bytes: Uint8Array, name = 'a.png', field = 'avatar', type = 'image/png') => {
    const form = new FormData();
    form.append(field, new Blob([bytes], { type }), name);
    return served.fetch('/api/avatar', { method: 'POST', body: form });
  };
  const stored = async () => (await readdir(dir)).filter((f) => !f.startsWith('.'));

  it('refuses each bad upload with the spec text and stores nothing', async () => {
    const cases: [Uint8Array, string, number, string][] = [
      [TEXT, 'cat.png', 415, INVALID_IMAGE_TYPE],
      [SVG_WITH_SCRIPT, 'x.svg', 415, INVALID_IMAGE_TYPE],
      [HTML, 'x.gif', 415, INVALID_IMAGE_TYPE],
      [images.png.subarray(0, images.png.length - 40), 'cut.png', 400, INVALID_IMAGE_TYPE],
      [Buffer.alloc(3 * 1024 * 1024, 7), 'big.jpg', 413, TOO_LARGE_2MB],
    ];
    for (const [bytes, name, status, error] of cases) {
      const res = await upload(bytes, name);
      expect({ name, status: res.status, body: await res.json() }).toEqual({
        name,
        status,
        body: { error },
      });
    }
    expect(await stored()).toEqual([]);
  });

  it('accepts a file exactly at the limit and refuses one byte more', async () => {
    const limit = IMAGE_PRESETS.avatar.maxBytes;
    const exact = Buffer.concat([images.png, Buffer.alloc(limit - images.png.length)]);
    const atLimit = await upload(exact);
    expect(atLimit.status).toBe(200);
    await store.release(
      ((await atLimit.json()) as { avatar_url: string }).avatar_url,
      async () => false,
    );
    const over = await upload(Buffer.concat([exact, Buffer.from([0])]));
    expect(over.status).toBe(413);
  });

  it('leaves a missing file to the route and parses the other fields', async () => {
    const form = new FormData();
    form.append('title', 'Hello');
    form.append('content', 'World');
    const res = await served.fetch('/api/avatar', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Please select an image' });
    expect(seen).toEqual([{ fields: { title: 'Hello', content: 'World' }, file: false }]);
  });

  it('passes JSON requests through untouched', async () => {
    const res = await served.fetch('/api/posts', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 't', type: 'text' }),
    });
    expect(await res.json()).toEqual({ fields: { title: 't', type: 'text' } });
  });

  it('gives post creation its fields, the image and a thumbnail', async () => {
    const form = new FormData();
    form.append('title', 'A picture');
    form.append('type', 'image');
    form.append('community_id', 'c1');
    form.append('image', new Blob([await base(3000, 1000).png().toBuffer()]), 'p.png');
    const res = await served.fetch('/api/posts', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      fields: unknown;
      image: { url: string; thumbnailUrl: string; width: number; height: number };
    };
    expect(body.fields).toEqual({ title: 'A picture', type: 'image', community_id: 'c1' });
    expect([body.image.width, body.image.height]).toEqual([2048, 683]);
    const thumb = await served.fetch(body.image.thumbnailUrl);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(640);
    await store.release(body.image.url, async () => false);
    await store.release(body.image.thumbnailUrl, async () => false);
  });

  it('answers malformed multipart and unexpected files with 400', async () => {
    const broken = await served.fetch('/api/avatar', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\n\r\nabc',
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: 'Malformed multipart body' });
    const noBoundary = await served.fetch('/api/avatar', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data' },
      body: 'abc',
    });
    expect(noBoundary.status).toBe(400);
    const otherField = await upload(images.png, 'a.png', 'picture');
    expect(otherField.status).toBe(400);
    expect(await stored()).toEqual([]);
  });

  it('stores a good image once, serves it immutable, then releases it', async () => {
    const first = await upload(images.jpeg, 'me.jpg', 'avatar', 'image/jpeg');
    expect(first.status).toBe(200);
    const { avatar_url: url } = (await first.json()) as { avatar_url: string };
    const second = (await (await upload(images.jpeg, 'other-name.png')).json()) as {
      avatar_url: string;
    };
    expect(second.avatar_url).toBe(url);
    expect(await stored()).toHaveLength(1);

    const res = await served.fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(bytes.length));
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const head = await served.fetch(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(bytes.length));
    expect(head.headers.get('content-type')).toBe('image/webp');

    const etag = res.headers.get('etag') ?? '';
    const cached = await served.fetch(url, { headers: { 'If-None-Match': etag } });
    expect(cached.status).toBe(304);

    expect(await store.release(url, async () => false)).toBe(true);
    expect((await served.fetch(url)).status).toBe(404);
    expect(await store.release(url, async () => false)).toBe(false);
    expect(await stored()).toEqual([]);
  });

  it('answers 404 for anything but a stored hash, without traversal', async () => {
    await writeFile(path.join(dir, 'notes.txt'), 'private');
    for (const p of [
      '/media/avatars/notes.txt',
      '/media/avatars/..%2fnotes.txt',
      '/media/avatars/%2e%2e/%2e%2e/etc/passwd',
      `/media/avatars/${'0'.repeat(64)}.webp`,
      `/media/avatars/${'0'.repeat(64)}.webp/x`,
    ]) {
      const res = await served.fetch(p);
      expect({ p, status: res.status }).toEqual({ p, status: 404 });
      expect(await res.text()).not.toContain('private');
    }
    await rm(path.join(dir, 'notes.txt'));
  });
});
