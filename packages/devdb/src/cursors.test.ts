import { describe, expect, it } from 'vitest';
import { CursorRegistry } from './cursors.js';
import { decode, encode, type Doc } from './bson.js';
import { EncodedDoc } from './wire/encoded-docs.js';

/** A document of about `mb` megabytes (one string field). */
const big = (i: number, mb: number): Doc => ({ _id: i, body: 'x'.repeat(mb * 1024 * 1024) });
const idOf = (d: unknown) => (d instanceof EncodedDoc ? decode(d.bytes)._id : (d as Doc)._id);
const ids = (batch: unknown) => (batch as unknown[]).map(idOf);
const encoded = (docs: Doc[]) => docs.map((d) => new EncodedDoc(encode(d)));

describe('CursorRegistry batches', () => {
  it('takes the same batches of encoded documents as of documents', () => {
    const docs = Array.from({ length: 250 }, (_, i) => ({ _id: i, n: i }));
    const plain = new CursorRegistry();
    const bytes = new CursorRegistry();
    const a = plain.first('db.c', docs, undefined);
    const b = bytes.first('db.c', encoded(docs), undefined);
    expect(ids(b.firstBatch)).toEqual(ids(a.firstBatch));
    expect((b.firstBatch as unknown[]).length).toBe(101);
    const more = bytes.more(b.id as bigint, 100);
    expect(ids(more.nextBatch)).toEqual(docs.slice(101, 201).map((d) => d._id));
  });

  it('stops a batch at 16 MB, documents or encoded documents', () => {
    for (const docs of [
      [big(1, 7), big(2, 7), big(3, 7)],
      encoded([big(1, 7), big(2, 7), big(3, 7)]),
    ]) {
      const registry = new CursorRegistry();
      const reply = registry.first('db.c', docs, undefined, false);
      expect(ids(reply.firstBatch)).toEqual([1, 2]);
      expect(ids(registry.more(reply.id as bigint, undefined).nextBatch)).toEqual([3]);
    }
  });

  it('measures small encoded projections of large documents by their own bytes', () => {
    const projected = encoded([big(1, 7), big(2, 7), big(3, 7)].map((d) => ({ _id: d._id })));
    const registry = new CursorRegistry();
    const reply = registry.first('db.c', projected, undefined, false);
    expect(ids(reply.firstBatch)).toEqual([1, 2, 3]);
    expect(reply.id).toBe(0n);
  });
});
