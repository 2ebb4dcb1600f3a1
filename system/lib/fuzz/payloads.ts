import { deflateSync } from 'node:zlib';

/** MongoDB query operators and server-side JavaScript, as values where a scalar belongs. */
export const OPERATOR_OBJECTS: { label: string; value: unknown }[] = [
  { label: '{$gt:""}', value: { $gt: '' } },
  { label: '{$ne:null}', value: { $ne: null } },
  { label: '{$where:sleep}', value: { $where: 'sleep(1000)' } },
  { label: '{$regex:.*}', value: { $regex: '.*' } },
  { label: '{$in:[...]}', value: { $in: ['a', 'admin', null] } },
  { label: '{$exists:true}', value: { $exists: true } },
  { label: '{$expr:...}', value: { $expr: { $eq: [1, 1] } } },
];

/** Operator-looking strings: harmless as data, fatal if spliced into a query or a regex. */
export const OPERATOR_STRINGS: { label: string; value: string }[] = [
  { label: '"$where"', value: '$where' },
  { label: 'sleep js', value: "'; sleep(1000); var x='" },
  { label: '"$ne" json text', value: '{"$ne":null}' },
  { label: 'regex .*', value: '.*' },
  { label: 'ReDoS', value: `${'a'.repeat(40)}!(a+)+$` },
];

/** Unicode edge cases; each is appended to (or replaces) a valid value. */
export const UNICODE: { label: string; value: string }[] = [
  { label: 'NUL', value: 'a\u0000b' },
  { label: 'RTL override', value: '\u202Egnp.exe' },
  { label: 'emoji', value: '😀👍🏽🇩🇪' },
  { label: 'lone high surrogate', value: 'a\uD800b' },
  { label: 'lone low surrogate', value: '\uDFFFz' },
  { label: 'zero width', value: 'a\u200B\u200D\uFEFFb' },
  { label: 'combining', value: 'e\u0301\u0301\u0301' },
  { label: 'cyrillic homoglyph', value: '\u0430dmin' },
  { label: 'markup', value: '<script>alert(1)</script><img src=x onerror=alert(1)>' },
  { label: 'control chars', value: '\u0001\u001b[31m\u007f' },
];

/** 100 KB: over every string limit of the contracts, well under the 1 MB body limit. */
export const OVERSIZED = 'x'.repeat(100 * 1024);

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/**
 * A PNG of width x height grey pixels. With `pixels: false` the IDAT holds only one row: a tiny
 * file whose header promises a huge image (a decompression bomb / truncated image).
 */
export function png(width: number, height: number, { pixels = true } = {}): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const rows = pixels ? height : 1;
  const raw = Buffer.alloc(rows * (width + 1), 0x80);
  for (let r = 0; r < rows; r++) raw[r * (width + 1)] = 0; // filter type none
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  contentType?: string;
}

/** A multipart/form-data body and its content type. */
export function multipart(parts: Part[], boundary = `----fuzz${Date.now().toString(36)}`) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.contentType) head += `Content-Type: ${p.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
