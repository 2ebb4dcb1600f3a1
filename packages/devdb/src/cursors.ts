import { randomBytes } from 'node:crypto';
import { bsonSize, type Doc } from './bson.js';
import { cursorNotFound } from './errors.js';
import { EncodedDoc } from './wire/encoded-docs.js';

/** What a cursor returns: documents, or documents already encoded (a find's, wire/encoded-docs). */
export type CursorDoc = Doc | EncodedDoc;

const MAX_BATCH_BYTES = 16 * 1024 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;

interface OpenCursor {
  ns: string;
  docs: CursorDoc[];
  pos: number;
  touched: number;
}

/**
 * Server-side cursors over materialized results. The result array holds references to
 * stored (immutable) documents, so it costs one pointer per document, not a copy.
 */
export class CursorRegistry {
  private readonly open = new Map<bigint, OpenCursor>();

  /**
   * Takes the first batch and registers the rest; returns the reply's `cursor` field. A find's
   * documents come encoded (their size is their length: nothing to measure).
   */
  first(ns: string, docs: CursorDoc[], batchSize: number | undefined, single = false): Doc {
    const cursor: OpenCursor = { ns, docs, pos: 0, touched: Date.now() };
    // batchSize 0 asks for an empty first batch (the cursor is still opened).
    const firstBatch = batchSize === 0 ? [] : this.take(cursor, batchSize ?? 101);
    let id = 0n;
    if (!single && (cursor.pos < docs.length || (batchSize === 0 && docs.length > 0))) {
      id = newId();
      this.open.set(id, cursor);
    }
    return { firstBatch, id, ns };
  }

  more(id: bigint, batchSize: number | undefined): Doc {
    const cursor = this.open.get(id);
    if (!cursor) throw cursorNotFound(id);
    cursor.touched = Date.now();
    const nextBatch = this.take(cursor, batchSize && batchSize > 0 ? batchSize : Infinity);
    const done = cursor.pos >= cursor.docs.length;
    if (done) this.open.delete(id);
    return { nextBatch, id: done ? 0n : id, ns: cursor.ns };
  }

  kill(ids: bigint[]): { killed: bigint[]; notFound: bigint[] } {
    const killed: bigint[] = [];
    const notFound: bigint[] = [];
    for (const id of ids) (this.open.delete(id) ? killed : notFound).push(id);
    return { killed, notFound };
  }

  /** Drops cursors nobody asked for in a while (MongoDB's default is 10 minutes too). */
  sweep(now = Date.now()): void {
    for (const [id, c] of this.open) if (now - c.touched > IDLE_TIMEOUT_MS) this.open.delete(id);
  }

  clear(): void {
    this.open.clear();
  }

  private take(cursor: OpenCursor, batchSize: number): CursorDoc[] {
    const end = Math.min(cursor.docs.length, cursor.pos + (batchSize > 0 ? batchSize : 101));
    // Batches stop at 16 MB so every reply stays a valid (< 16 MB + overhead) BSON document.
    const batch: CursorDoc[] = [];
    let bytes = 0;
    while (cursor.pos < end) {
      const doc = cursor.docs[cursor.pos]!;
      bytes += doc instanceof EncodedDoc ? doc.bytes.length : bsonSize(doc);
      if (batch.length > 0 && bytes > MAX_BATCH_BYTES) break;
      batch.push(doc);
      cursor.pos++;
    }
    return batch;
  }
}

function newId(): bigint {
  // Positive int64, never 0 (0 means "exhausted" on the wire).
  return (randomBytes(8).readBigUInt64LE() & 0x7fff_ffff_ffff_ffffn) | 1n;
}
