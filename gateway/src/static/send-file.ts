import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Context } from 'koa';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const NO_CACHE = 'no-cache';

/**
 * Streams a regular file with validators (Last-Modified, weak ETag) and the given Cache-Control;
 * answers 304 when the client's copy is current. Returns false when there is no such file.
 */
export async function sendFile(ctx: Context, file: string, cacheControl: string): Promise<boolean> {
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) return false;
  ctx.status = 200;
  ctx.set('Cache-Control', cacheControl);
  ctx.set('Last-Modified', info.mtime.toUTCString());
  ctx.set('ETag', `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`);
  ctx.type = path.extname(file) || 'application/octet-stream';
  if (ctx.fresh) {
    ctx.status = 304;
    return true;
  }
  ctx.length = info.size;
  // Koa sends no body for HEAD and destroys the stream once the response finishes.
  ctx.body = createReadStream(file);
  return true;
}
