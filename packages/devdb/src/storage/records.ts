import { crc32 } from 'node:zlib';
import { decode, encode, type Doc } from '../bson.js';

/**
 * On-disk record framing shared by the journal and the snapshot:
 *   uint32 LE length of the BSON body | uint32 LE CRC-32 of the body | BSON body
 * The checksum lets recovery tell a complete record from a torn or garbled one.
 */
const HEAD = 8;

export function frameRecord(rec: Doc): Buffer {
  const body = encode(rec);
  const out = Buffer.allocUnsafe(HEAD + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(crc32(body), 4);
  body.copy(out, HEAD);
  return out;
}

/**
 * Decodes records from the start of `buf` until the first incomplete or corrupt one.
 * `validLength` is where the good prefix ends; anything after it is discarded.
 */
export function readRecords(
  buf: Buffer,
  onRecord: (rec: Doc) => void,
): { count: number; validLength: number } {
  let pos = 0;
  let count = 0;
  while (pos + HEAD <= buf.length) {
    const len = buf.readUInt32LE(pos);
    if (len < 5 || pos + HEAD + len > buf.length) break;
    const body = buf.subarray(pos + HEAD, pos + HEAD + len);
    if (crc32(body) !== buf.readUInt32LE(pos + 4) || body.readInt32LE(0) !== len) break;
    let rec: Doc;
    try {
      rec = decode(body);
    } catch {
      break;
    }
    onRecord(rec);
    count++;
    pos += HEAD + len;
  }
  return { count, validLength: pos };
}
