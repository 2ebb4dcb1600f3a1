import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';
import {
  COMPRESSIBLE_EXTENSIONS,
  MAX_COMPRESS_BYTES,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  type CompressionCache,
  type Encoding,
} from './compression.js';
import { markOwnFrontEndFile } from '../security/security-headers.js';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/** ETag suffix per coding: each representation has its own validator. */
const ETAG_SUFFIX: Record<Encoding, string> = { identity: '', gzip: '-gz', br: '-br' };

/**
 * Streams a front end's built file with validators (Last-Modified, weak ETag) and the given Cache-Control;
 * answers 304 when the client's copy is current. Returns false when there is no such file.
 *
 * Text files (COMPRESSIBLE_EXTENSIONS) of MIN_COMPRESS_BYTES or more go out brotli- or
 * gzip-encoded when the client accepts it, from `compression`'s cache: the key holds the path,
 * size and mtime, so a file is compressed once per version and a rewrite is a new entry.
 * Range requests are not supported: the whole representation is always sent (200).
 */
export async function sendFile(
  ctx: Context,
  file: string,
  cacheControl: string,
  compression?: CompressionCache,
): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  const ext = path.extname(file).toLowerCase();
  let encoding: Encoding = 'identity';
  if (compression && COMPRESSIBLE_EXTENSIONS.has(ext)) {
    ctx.vary('Accept-Encoding');
    if (info.size >= MIN_COMPRESS_BYTES && info.size <= MAX_COMPRESS_BYTES) {
      encoding = negotiateEncoding(ctx.get('Accept-Encoding'));
    }
  }
  const mtime = Math.floor(info.mtimeMs);
  markOwnFrontEndFile(ctx);
  ctx.status = 200;
  ctx.set('Cache-Control', cacheControl);
  ctx.set('Last-Modified', info.mtime.toUTCString());
  ctx.set('ETag', `W/"${info.size.toString(16)}-${mtime.toString(16)}${ETAG_SUFFIX[encoding]}"`);
  ctx.type = path.extname(file) || 'application/octet-stream';
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  if (compression && encoding !== 'identity') {
    const key = `${encoding}:${info.size}:${info.mtimeMs}:${info.ino}:${file}`;
    const body = await compression
      .get(key, encoding, () => readFile(file))
      .catch((err: unknown) => {
        // Removed between stat and read: the same answer as a file that was never there.
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw err;
      });
    if (!body) return false;
    ctx.set('Content-Encoding', encoding);
    // A Buffer body sets Content-Length to the encoded size (also for HEAD, which sends no body).
    ctx.body = body;
    return true;
  }
  ctx.length = info.size;
  // Koa sends no body for HEAD and destroys the stream once the response finishes.
  ctx.body = createReadStream(file);
  return true;
}
