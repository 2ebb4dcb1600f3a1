import path from 'node:path';
import type { Context } from 'koa';
import { HttpError } from '@forum/service-kit';
import { sendCompressible, type CompressionCache } from './compression.js';
import type { RemotesManifest } from './remotes-manifest.js';
import { resolveUnderRoot } from './safe-path.js';
import { IMMUTABLE, NO_CACHE, sendFile } from './send-file.js';

/** rsbuild names emitted assets `name.<contenthash>.ext`; those never change under one name. */
const HASHED_ASSET = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;
/** /remotes/<name>/<version>/<file...> */
const REMOTE_PATH = /^\/remotes\/([a-z][a-z0-9-]*)\/([^/]+)\/(.+)$/;

export const NOT_FOUND = 'Not found';

export interface FrontEndOptions {
  shellDir: string;
  remotesDir: string;
  manifest: RemotesManifest;
}

/** GET /remotes.json: the live choice of remote builds; never cached, so a switch is immediate. */
export async function serveRemotesManifest(
  ctx: Context,
  manifest: RemotesManifest,
  compression: CompressionCache,
): Promise<void> {
  const result = await manifest.read();
  if (!result.ok) {
    throw result.reason === 'missing'
      ? new HttpError(404, 'Remotes manifest not found')
      : new HttpError(503, 'Remotes manifest is invalid');
  }
  ctx.set('Cache-Control', NO_CACHE);
  ctx.type = 'application/json';
  // Usually far below the compression threshold; a big manifest is compressed per request.
  await sendCompressible(ctx, JSON.stringify(result.manifest), compression);
}

/**
 * GET /remotes/<name>/<version>/<file> from REMOTES_DIR. A published version is never rewritten,
 * so its files are cached for a year; switching versions happens in remotes.json.
 */
export async function serveRemoteFile(
  ctx: Context,
  remotesDir: string,
  compression: CompressionCache,
): Promise<void> {
  const file = REMOTE_PATH.test(ctx.path)
    ? resolveUnderRoot(remotesDir, ctx.path.slice('/remotes'.length))
    : undefined;
  if (!file || !(await sendFile(ctx, file, IMMUTABLE, compression)))
    throw new HttpError(404, NOT_FOUND);
}

/** The remote a /remotes/... path belongs to (for routing to a static upstream). */
export function remoteNameOf(urlPath: string): string | undefined {
  return REMOTE_PATH.exec(urlPath)?.[1];
}

/**
 * The shell's build: real files as they are, and for any other page navigation (a GET that
 * accepts HTML) the SPA's index.html so client-side routes survive a reload. Asset misses stay
 * 404s: answering a missing script with HTML would only hide the error.
 */
export async function serveShell(
  ctx: Context,
  shellDir: string,
  compression: CompressionCache,
): Promise<void> {
  const file = ctx.path === '/' ? undefined : resolveUnderRoot(shellDir, ctx.path);
  if (file && (await sendFile(ctx, file, cacheControlFor(file), compression))) return;
  const isPage = ctx.path === '/' || (ctx.get('Accept') || '').includes('text/html');
  if (isPage && (await sendFile(ctx, path.join(shellDir, 'index.html'), NO_CACHE, compression)))
    return;
  throw new HttpError(404, NOT_FOUND);
}

function cacheControlFor(file: string): string {
  return HASHED_ASSET.test(path.basename(file)) ? IMMUTABLE : NO_CACHE;
}
