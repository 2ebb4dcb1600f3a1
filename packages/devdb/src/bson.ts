import { BSON } from 'bson';

export type Doc = Record<string, unknown>;

// Int64 values decode to bigint so that they are written back as int64 (a plain
// number would come back as int32/double); everything else uses the JS defaults.
const decodeOptions = { useBigInt64: true, promoteBuffers: false, validation: { utf8: false } };
const encodeOptions = { ignoreUndefined: true };

export function decode(buf: Uint8Array): Doc {
  return BSON.deserialize(buf, decodeOptions) as Doc;
}

export function encode(doc: Doc): Buffer {
  const bytes = BSON.serialize(doc, encodeOptions);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export function bsonSize(doc: Doc): number {
  return BSON.calculateObjectSize(doc, encodeOptions);
}
