import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Middleware } from 'koa';

/** `<sha256 hex>.webp`: the only file names a store writes, serves or removes. */
const KEY = /^[0-9a-f]{64}\.webp$/;

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface StoredMedia {
  /** Public URL path, `<urlPrefix>/<sha256>.webp`; what documents store (avatar_url, ...). */
  url: string;
  /** `<sha256>.webp`, the file name inside dir. */
  key: string;
}

export interface MediaStore {
  readonly dir: string;
  readonly urlPrefix: string;
  /** Store processed WebP bytes under their hash. Same bytes -> same URL, written once. */
  put(data: Uint8Array): Promise<StoredMedia>;
  /**
   * Deletes the file behind a URL (or key) of this store unless something references it, safely
   * against a concurrent upload of the same bytes (content addressing shares one file between
   * identical uploads): `isReferenced(url)` is asked, the file is moved aside, and asked again;
   * a reference that appeared meanwhile gets the file back. For this to hold, an upload must
   * call put (or SavedImage.ensureStored) again once its reference is stored (committed).
   * Idempotent: a missing file, a URL of another prefix or anything that is not `<hash>.webp` is
   * a no-op (false). Never touches a path outside dir. Resolves true when the file was deleted.
   */
  release(
    urlOrKey: string | null | undefined,
    isReferenced: (url: string) => Promise<boolean>,
  ): Promise<boolean>;
  /** The key for a URL of this store, or undefined if the URL is not one. */
  keyOf(urlOrKey: string): string | undefined;
  /** Absolute path of a key's file (key must be valid). */
  pathOf(key: string): string;
}

export interface MediaStoreOptions {
  /** Directory holding the files (created on first write). */
  dir: string;
  /** URL path prefix, e.g. '/media/avatars' (identity) or '/media/posts' (forum). */
  urlPrefix: string;
}

export function createMediaStore({ dir, urlPrefix }: MediaStoreOptions): MediaStore {
  const root = path.resolve(dir);
  const prefix = `/${urlPrefix.replace(/^\/+|\/+$/g, '')}`;
  if (!/^(\/[A-Za-z0-9._-]+)+$/.test(prefix) || prefix.split('/').some((s) => s === '..')) {
    throw new Error(`createMediaStore: invalid urlPrefix ${JSON.stringify(urlPrefix)}`);
  }
  let ready: Promise<unknown> | undefined;

  const keyOf = (urlOrKey: string): string | undefined => {
    let candidate = urlOrKey.split(/[?#]/, 1)[0] ?? '';
    if (candidate.includes('/')) {
      if (!candidate.startsWith(`${prefix}/`)) return undefined;
      candidate = candidate.slice(prefix.length + 1);
    }
    return KEY.test(candidate) ? candidate : undefined;
  };

  const pathOf = (key: string): string => {
    if (!KEY.test(key)) throw new Error('pathOf: invalid media key');
    return path.join(root, key);
  };

  return {
    dir: root,
    urlPrefix: prefix,
    keyOf,
    pathOf,
    async put(data) {
      const key = `${createHash('sha256').update(data).digest('hex')}.webp`;
      const target = pathOf(key);
      ready ??= mkdir(root, { recursive: true });
      await ready.catch((err: unknown) => {
        ready = undefined;
        throw err;
      });
      if (!(await exists(target))) {
        // Temp file + rename: a reader sees the whole file or none, never half of it.
        const temp = path.join(root, `.tmp-${randomBytes(8).toString('hex')}`);
        try {
          await writeFile(temp, data, { flag: 'wx' });
          await rename(temp, target);
        } catch (err) {
          await unlink(temp).catch(() => undefined);
          throw err;
        }
      }
      return { url: `${prefix}/${key}`, key };
    },
    async release(urlOrKey, isReferenced) {
      const key = urlOrKey ? keyOf(urlOrKey) : undefined;
      if (!key) return false;
      const url = `${prefix}/${key}`;
      if (await isReferenced(url)) return false;
      const target = pathOf(key);
      // Aside first: an upload that finds the file gone from now on writes it again.
      const aside = path.join(root, `.released-${key}-${randomBytes(8).toString('hex')}`);
      try {
        await rename(target, aside);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
      // Asked again: an upload that found the file before it moved has stored its reference by
      // now, or will write the file again after it does.
      let referenced = true;
      try {
        referenced = await isReferenced(url);
      } finally {
        if (referenced) await rename(aside, target);
        else await unlink(aside);
      }
      return !referenced;
    },
  };
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * GET/HEAD `<urlPrefix>/<sha256>.webp` from the store: `Content-Type: image/webp`,
 * `Cache-Control: public, max-age=31536000, immutable` (a URL's bytes never change), ETag = the
 * hash (304 on If-None-Match), `X-Content-Type-Options: nosniff`. Any other name under the prefix
 * -> 404 `{error:'Not found'}` (no traversal: only the hash pattern is looked up). Other paths and
 * other methods pass through to the next middleware.
 */
export function serveMedia(store: MediaStore): Middleware {
  return async (ctx, next) => {
    if (!ctx.path.startsWith(`${store.urlPrefix}/`) || !['GET', 'HEAD'].includes(ctx.method)) {
      return next();
    }
    const key = store.keyOf(ctx.path);
    const file = key ? store.pathOf(key) : undefined;
    const info = file ? await stat(file).catch(() => undefined) : undefined;
    if (!key || !file || !info?.isFile()) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    const etag = `"${key.slice(0, -'.webp'.length)}"`;
    ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
    ctx.set('ETag', etag);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.type = 'image/webp';
    if (ctx.get('If-None-Match') === etag) {
      ctx.status = 304;
      return;
    }
    // Koa sends no body for HEAD and destroys the unread stream when the response finishes.
    ctx.body = createReadStream(file);
    ctx.length = info.size;
  };
}
