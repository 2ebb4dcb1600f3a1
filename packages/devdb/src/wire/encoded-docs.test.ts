import { Decimal128, Long, ObjectId } from 'bson';
import { describe, expect, it } from 'vitest';
import { decode, encode, type Doc } from '../bson.js';
import { EncodedDoc, encodeCursorReply, encodedAs, encodedBatch } from './encoded-docs.js';

const stored = (i: number): Doc => ({
  _id: new ObjectId(),
  content: `comment ${i} — ünïcode ✓`,
  parent_id: i % 2 ? null : new ObjectId(),
  depth: i % 4,
  score: i * 1.5,
  count: Long.fromNumber(i),
  price: Decimal128.fromString('1.10'),
  created_at: new Date(1_700_000_000_000 + i),
  tags: ['a', { b: i }],
  nested: { deep: { x: i } },
  missing: undefined,
});

const pick = (doc: Doc): Doc => ({ _id: doc._id, content: doc.content, depth: doc.depth });

describe('encoded cursor replies', () => {
  it('encode as the serializer would the same reply with its documents', () => {
    for (const n of [1, 2, 11, 150]) {
      const docs = Array.from({ length: n }, (_, i) => stored(i));
      for (const batchKey of ['firstBatch', 'nextBatch']) {
        const reply = {
          cursor: { [batchKey]: docs.map((d) => new EncodedDoc(encode(d))), id: 42n, ns: 'db.c' },
          ok: 1,
          operationTime: Long.fromNumber(7),
        };
        const found = encodedBatch(reply);
        expect(found?.key).toBe(batchKey);
        const bytes = encodeCursorReply(reply, found!.key, found!.batch);
        const expected = { ...reply, cursor: { [batchKey]: docs, id: 42n, ns: 'db.c' } };
        // Byte for byte: the cursor and its batch come first in both.
        expect(bytes.equals(encode(expected))).toBe(true);
        expect(decode(bytes)).toEqual(decode(encode(expected)));
      }
    }
  });

  it('leave replies without encoded documents to the serializer', () => {
    expect(encodedBatch({ cursor: { firstBatch: [], id: 0n, ns: 'db.c' }, ok: 1 })).toBeUndefined();
    expect(
      encodedBatch({ cursor: { firstBatch: [{ a: 1 }], id: 0n, ns: 'db.c' }, ok: 1 }),
    ).toBeUndefined();
    expect(encodedBatch({ n: 1, ok: 1 })).toBeUndefined();
  });
});

describe('encodedAs', () => {
  it('encodes a stored document once per shape, as its projection would be encoded', () => {
    const doc = stored(3);
    const whole = encodedAs(doc, '', (d) => d);
    const picked = encodedAs(doc, 'pick', pick);
    expect(decode(whole.bytes)).toEqual(decode(encode(doc)));
    expect(decode(picked.bytes)).toEqual(decode(encode(pick(doc))));
    expect(encodedAs(doc, '', () => ({ other: 1 }))).toBe(whole);
    expect(encodedAs(doc, 'pick', () => ({ other: 1 }))).toBe(picked);
  });

  it('keeps two shapes per document, the latest ones', () => {
    const doc = stored(4);
    const first = encodedAs(doc, 'a', pick);
    encodedAs(doc, 'b', pick);
    encodedAs(doc, 'c', pick);
    expect(encodedAs(doc, 'a', pick)).not.toBe(first);
  });

  it('encodes a replaced document afresh (a write stores a new object)', () => {
    const before = stored(5);
    const after = { ...before, content: 'edited' };
    expect(decode(encodedAs(before, '', (d) => d).bytes).content).toBe(before.content);
    expect(decode(encodedAs(after, '', (d) => d).bytes).content).toBe('edited');
  });
});
