import { describe, expect, it } from 'vitest';
import { CursorRegistry } from './cursors.js';
import type { Doc } from './bson.js';

/** A document of about `mb` megabytes (one string field). */
const big = (i: number, mb: number): Doc => ({ _id: i, body: 'x'.repeat(mb * 1024 * 1024) });
const ids = (batch: unknown) => (batch as Doc[]).map((d) => d._id);

describe('CursorRegistry batches', () => {
  it('takes the same batches with or without the stored documents as bounds', () => {
    const docs = Array.from({ length: 250 }, (_, i) => ({ _id: i, n: i }));
    const plain = new CursorRegistry();
    const bounded = new CursorRegistry();
    const a = plain.first('db.c', docs, undefined);
    const b = bounded.first('db.c', docs, undefined, false, docs);
    expect(ids(b.firstBatch)).toEqual(ids(a.firstBatch));
    expect((b.firstBatch as Doc[]).length).toBe(101);
    const more = bounded.more(b.id as bigint, 100);
    expect(ids(more.nextBatch)).toEqual(docs.slice(101, 201).map((d) => d._id));
  });

  it('still stops a batch at 16 MB when the bounds do not fit', () => {
    const docs = [big(1, 7), big(2, 7), big(3, 7)];
    const registry = new CursorRegistry();
    const reply = registry.first('db.c', docs, undefined, false, docs);
    expect(ids(reply.firstBatch)).toEqual([1, 2]);
    expect(ids(registry.more(reply.id as bigint, undefined).nextBatch)).toEqual([3]);
  });

  it('measures projected documents by their stored ones', () => {
    // Small projections of large stored documents: the bounds say the batch may not fit, so
    // each projected document is measured and the batch holds them all.
    const stored = [big(1, 7), big(2, 7), big(3, 7)];
    const projected = stored.map((d) => ({ _id: d._id }));
    const registry = new CursorRegistry();
    const reply = registry.first('db.c', projected, undefined, false, stored);
    expect(ids(reply.firstBatch)).toEqual([1, 2, 3]);
    expect(reply.id).toBe(0n);
  });
});
