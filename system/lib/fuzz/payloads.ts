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

export { png } from '../png.js';

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
