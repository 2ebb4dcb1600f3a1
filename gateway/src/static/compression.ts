import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Context } from 'koa';

export type Encoding = 'br' | 'gzip' | 'identity';
export type ContentEncoding = Exclude<Encoding, 'identity'>;

/** Text formats worth compressing; images, fonts and archives are compressed already. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.json',
  '.svg',
  '.map',
  '.txt',
]);

/** Below this a response fits in a packet or two either way; compressing it only adds headers. */
export const MIN_COMPRESS_BYTES = 1024;

/** Files above this are streamed as they are rather than read into memory to be compressed. */
export const MAX_COMPRESS_BYTES = 16 * 1024 * 1024;

export const DEFAULT_CACHE_BYTES = 64 * 1024 * 1024;

/** Parsed q-values of the codings we offer (`*` stands for any coding not named). */
function qualities(header: string): { br: number; gzip: number } {
  const named = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    const name = rawName.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split('=').map((s) => s.trim());
      if (key?.toLowerCase() === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      }
    }
    // The highest q wins when a coding is listed twice (x-gzip is gzip's old alias).
    const key = name === 'x-gzip' ? 'gzip' : name;
    named.set(key, Math.max(q, named.get(key) ?? 0));
  }
  const wildcard = named.get('*') ?? 0;
  return { br: named.get('br') ?? wildcard, gzip: named.get('gzip') ?? wildcard };
}

/**
 * The coding to answer with, from an Accept-Encoding header: the acceptable one with the higher
 * q-value, brotli on a tie (smaller), identity when neither is acceptable or nothing was sent.
 * Identity is always possible: refusing it (`identity;q=0`) is not worth a 406.
 */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const q = qualities(acceptEncoding);
  if (q.br > 0 && q.br >= q.gzip) return 'br';
  if (q.gzip > 0) return 'gzip';
  return 'identity';
}

/** `max`: once per immutable input (the result is cached); `fast`: per request. */
export type CompressionEffort = 'max' | 'fast';

export type CompressFn = (
  input: Buffer,
  encoding: ContentEncoding,
  effort: CompressionEffort,
) => Promise<Buffer>;

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** node:zlib on the libuv thread pool, so a cold compression never blocks the event loop. */
export const zlibCompress: CompressFn = (input, encoding, effort) =>
  encoding === 'br'
    ? brotli(input, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? constants.BROTLI_MAX_QUALITY : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      })
    : gzipAsync(input, { level: effort === 'max' ? constants.Z_BEST_COMPRESSION : 6 });

export interface CompressionStats {
  /** Compressions actually run (cache misses that were not joined to one in flight). */
  compressions: number;
  hits: number;
  misses: number;
  evictions: number;
  /** Compressed bytes currently held. */
  bytes: number;
  entries: number;
}

export interface CompressionCacheOptions {
  /** Upper bound on the compressed bytes held (LRU eviction past it); 0 disables caching. */
  maxBytes?: number;
  compress?: CompressFn;
}

/**
 * Compressed variants of immutable inputs, held in memory: an LRU bounded by bytes. Keys must
 * change when the input does (callers use path + size + mtime + encoding), so entries are never
 * invalidated, only evicted. Concurrent misses for one key share a single compression.
 */
export class CompressionCache {
  readonly maxBytes: number;
  private readonly compressFn: CompressFn;
  /** Map iteration order is insertion order: the first key is the least recently used. */
  private readonly entries = new Map<string, Buffer>();
  private readonly inFlight = new Map<string, Promise<Buffer>>();
  private readonly counters = { compressions: 0, hits: 0, misses: 0, evictions: 0, bytes: 0 };

  constructor(options: CompressionCacheOptions = {}) {
    this.maxBytes = options.maxBytes ?? DEFAULT_CACHE_BYTES;
    this.compressFn = options.compress ?? zlibCompress;
  }

  get stats(): CompressionStats {
    return { ...this.counters, entries: this.entries.size };
  }

  /** The cached compression of `load()`'s bytes under `key`, compressing (at max effort) once. */
  async get(key: string, encoding: ContentEncoding, load: () => Promise<Buffer>): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached) {
      this.counters.hits++;
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    this.counters.misses++;
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const work = (async () => {
      const input = await load();
      // Without a cache every request pays for the compression: keep it cheap.
      const output = await this.compress(input, encoding, this.maxBytes > 0 ? 'max' : 'fast');
      this.store(key, output);
      return output;
    })();
    this.inFlight.set(key, work);
    try {
      return await work;
    } finally {
      this.inFlight.delete(key);
    }
  }

  /** A compression that is not cached (inputs that change per request). */
  compress(input: Buffer, encoding: ContentEncoding, effort: CompressionEffort): Promise<Buffer> {
    this.counters.compressions++;
    return this.compressFn(input, encoding, effort);
  }

  private store(key: string, value: Buffer): void {
    if (value.length > this.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) this.counters.bytes -= previous.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.counters.bytes += value.length;
    for (const [oldest, buffer] of this.entries) {
      if (this.counters.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.counters.bytes -= buffer.length;
      this.counters.evictions++;
    }
  }
}

/**
 * Answers a body the gateway built itself (API docs, remotes.json), compressed when the client
 * accepts it and the body is big enough. With `cacheKey` the body must be constant for that key
 * (built once per process); without it, it is compressed per request at low effort.
 */
export async function sendCompressible(
  ctx: Context,
  body: string | Buffer,
  cache: CompressionCache,
  cacheKey?: string,
): Promise<void> {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  ctx.vary('Accept-Encoding');
  const encoding =
    bytes.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(ctx.get('Accept-Encoding')) : 'identity';
  if (encoding === 'identity') {
    ctx.body = bytes;
    return;
  }
  // HEAD is compressed too: its Content-Length must be the one a GET would get.
  ctx.set('Content-Encoding', encoding);
  ctx.body = await encoded(bytes, encoding, cache, cacheKey);
}

function encoded(
  bytes: Buffer,
  encoding: ContentEncoding,
  cache: CompressionCache,
  cacheKey: string | undefined,
): Promise<Buffer> {
  return cacheKey
    ? cache.get(`${cacheKey}:${encoding}`, encoding, () => Promise.resolve(bytes))
    : cache.compress(bytes, encoding, 'fast');
}
