import { encode, type Doc } from '../bson.js';

/** A document already in BSON: a reply copies its bytes instead of serializing it again. */
export class EncodedDoc {
  constructor(readonly bytes: Buffer) {}
}

/** Shapes (projections) kept per stored document: a list and a page read it differently. */
const SHAPES_PER_DOC = 2;

/**
 * Each stored document's BSON, per shape it was read in (a projection, '' for the whole
 * document). Stored documents are never mutated in place (a write stores a new object, see
 * Collection), so bytes kept by the object itself never go stale and go with it. Issue 17:
 * serializing and projecting the same documents for every page was about a quarter of the dev
 * DB's CPU under the comment page.
 */
const encodings = new WeakMap<Doc, [shape: string, encoded: EncodedDoc][]>();

/**
 * Results larger than this are left to the serializer, batch by batch (a scan of a whole
 * collection, a backfill, an export): encoding them all up front would hold the server, and
 * keeping their bytes a second copy of the collection. Pages are far smaller.
 */
export const KEPT_UP_TO = 1000;

/** `stored` in `shape` (`shaped`: the projection that makes it), encoded once. */
export function encodedAs(stored: Doc, shape: string, shaped: (doc: Doc) => Doc): EncodedDoc {
  let kept = encodings.get(stored);
  if (kept) {
    for (const [s, encoded] of kept) if (s === shape) return encoded;
  } else {
    kept = [];
    encodings.set(stored, kept);
  }
  const encoded = new EncodedDoc(encode(shaped(stored)));
  if (kept.length === SHAPES_PER_DOC) kept.shift();
  kept.push([shape, encoded]);
  return encoded;
}

/** A BSON element header: type byte, name, NUL. */
function elementHeader(out: Buffer, at: number, type: number, name: string): number {
  out[at] = type;
  const written = out.write(name, at + 1, 'latin1');
  out[at + 1 + written] = 0;
  return at + 2 + written;
}

const EMBEDDED = 0x03;
const ARRAY = 0x04;

/**
 * `reply` (`{ cursor: { <batchKey>: [...EncodedDoc], ...rest }, ...rest }`) in BSON, with the
 * batch's bytes copied in: the cursor first, its batch first in it (drivers read fields by name).
 */
export function encodeCursorReply(reply: Doc, batchKey: string, batch: EncodedDoc[]): Buffer {
  const { cursor, ...replyRest } = reply;
  const { [batchKey]: _batch, ...cursorRest } = cursor as Doc;
  const cursorTail = encode(cursorRest);
  const replyTail = encode(replyRest);
  let arrayLength = 5;
  for (let i = 0; i < batch.length; i++) {
    arrayLength += 2 + String(i).length + batch[i]!.bytes.length;
  }
  const cursorLength = 4 + 2 + batchKey.length + arrayLength + cursorTail.length - 5 + 1;
  const total = 4 + 2 + 'cursor'.length + cursorLength + replyTail.length - 5 + 1;
  const out = Buffer.allocUnsafe(total);
  out.writeInt32LE(total, 0);
  let at = elementHeader(out, 4, EMBEDDED, 'cursor');
  out.writeInt32LE(cursorLength, at);
  at = elementHeader(out, at + 4, ARRAY, batchKey);
  out.writeInt32LE(arrayLength, at);
  at += 4;
  for (let i = 0; i < batch.length; i++) {
    at = elementHeader(out, at, EMBEDDED, String(i));
    at += batch[i]!.bytes.copy(out, at);
  }
  out[at++] = 0;
  at += cursorTail.copy(out, at, 4, cursorTail.length - 1);
  out[at++] = 0;
  at += replyTail.copy(out, at, 4, replyTail.length - 1);
  out[at++] = 0;
  if (at !== total) throw new Error(`devdb: cursor reply encoded ${at} of ${total} bytes`);
  return out;
}

/** The reply's cursor batch when it is made of encoded documents (a find's). */
export function encodedBatch(reply: Doc): { key: string; batch: EncodedDoc[] } | undefined {
  const cursor = reply.cursor as Doc | undefined;
  if (!cursor || typeof cursor !== 'object') return undefined;
  for (const key of ['firstBatch', 'nextBatch']) {
    const batch = cursor[key];
    if (Array.isArray(batch) && batch.length > 0 && batch[0] instanceof EncodedDoc) {
      return { key, batch: batch as EncodedDoc[] };
    }
  }
  return undefined;
}
