import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import {
  CompressionCache,
  negotiateEncoding,
  zlibCompress,
  type CompressFn,
} from './compression.js';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['identity', 'identity'],
    ['deflate', 'identity'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    // Browsers: brotli wins the tie whatever the order.
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip;q=0.8', 'gzip'],
    ['br;q=0.9, gzip;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip, *;q=0', 'gzip'],
    ['gzip;q=garbage, br;q=0', 'identity'],
    [' gzip ; q=1 ,  br ; q=1 ', 'br'],
  ] as const)('%j -> %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('zlibCompress', () => {
  const input = Buffer.from('const answer = 42;\n'.repeat(500));

  it.each(['max', 'fast'] as const)('round-trips brotli and gzip (%s)', async (effort) => {
    const br = await zlibCompress(input, 'br', effort);
    const gz = await zlibCompress(input, 'gzip', effort);
    expect(brotliDecompressSync(br).equals(input)).toBe(true);
    expect(gunzipSync(gz).equals(input)).toBe(true);
    expect(br.length).toBeLessThan(input.length / 10);
  });
});

/** A fake compressor: output = tag + input, so sizes are predictable. */
const fakeCompress = () =>
  vi.fn<CompressFn>((input, encoding) =>
    Promise.resolve(Buffer.concat([Buffer.from(`${encoding}:`), input])),
  );

const bytes = (n: number, fill = 'a') => Buffer.alloc(n, fill);

describe('CompressionCache', () => {
  it('compresses once per key and serves the cached bytes afterwards', async () => {
    const compress = fakeCompress();
    const cache = new CompressionCache({ compress });
    const load = vi.fn(() => Promise.resolve(bytes(10)));
    const first = await cache.get('k:br', 'br', load);
    const second = await cache.get('k:br', 'br', load);
    expect(second).toBe(first);
    expect(compress).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.stats).toMatchObject({ compressions: 1, hits: 1, misses: 1, entries: 1 });
    expect(cache.stats.bytes).toBe(first.length);
  });

  it('compresses at max effort when caching', async () => {
    const compress = fakeCompress();
    await new CompressionCache({ compress }).get('k', 'gzip', () => Promise.resolve(bytes(4)));
    expect(compress.mock.calls[0]?.[2]).toBe('max');
  });

  it('shares one compression between concurrent misses', async () => {
    const compress = fakeCompress();
    const cache = new CompressionCache({ compress });
    const load = () => Promise.resolve(bytes(10));
    const results = await Promise.all([1, 2, 3].map(() => cache.get('k', 'br', load)));
    expect(new Set(results).size).toBe(1);
    expect(compress).toHaveBeenCalledTimes(1);
  });

  it('evicts the least recently used entries past the byte bound', async () => {
    const compress = fakeCompress();
    // Each entry is 3 ("br:") + 30 = 33 bytes; three fit in 100.
    const cache = new CompressionCache({ maxBytes: 100, compress });
    const load = () => Promise.resolve(bytes(30));
    await cache.get('a', 'br', load);
    await cache.get('b', 'br', load);
    await cache.get('c', 'br', load);
    await cache.get('a', 'br', load); // a is now the most recent
    await cache.get('d', 'br', load); // evicts b
    expect(cache.stats).toMatchObject({ entries: 3, bytes: 99, evictions: 1, compressions: 4 });
    await cache.get('a', 'br', load);
    await cache.get('c', 'br', load);
    await cache.get('d', 'br', load);
    expect(compress).toHaveBeenCalledTimes(4);
    await cache.get('b', 'br', load);
    expect(compress).toHaveBeenCalledTimes(5);
  });

  it('does not hold an entry larger than the whole bound', async () => {
    const compress = fakeCompress();
    const cache = new CompressionCache({ maxBytes: 10, compress });
    await cache.get('big', 'br', () => Promise.resolve(bytes(50)));
    await cache.get('big', 'br', () => Promise.resolve(bytes(50)));
    expect(cache.stats).toMatchObject({ entries: 0, bytes: 0, compressions: 2 });
  });

  it('with caching disabled, compresses cheaply every time', async () => {
    const compress = fakeCompress();
    const cache = new CompressionCache({ maxBytes: 0, compress });
    await cache.get('k', 'br', () => Promise.resolve(bytes(5)));
    await cache.get('k', 'br', () => Promise.resolve(bytes(5)));
    expect(compress).toHaveBeenCalledTimes(2);
    expect(compress.mock.calls.every((call) => call[2] === 'fast')).toBe(true);
  });

  it('caches nothing when loading fails, and retries next time', async () => {
    const compress = fakeCompress();
    const cache = new CompressionCache({ compress });
    await expect(cache.get('k', 'br', () => Promise.reject(new Error('gone')))).rejects.toThrow(
      'gone',
    );
    expect(await cache.get('k', 'br', () => Promise.resolve(bytes(2)))).toEqual(
      Buffer.from('br:aa'),
    );
    expect(cache.stats.entries).toBe(1);
  });
});
