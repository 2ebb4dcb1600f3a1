import type { Doc } from '../bson.js';

/** The `_bsontype` tag that every bson class instance carries (ObjectId, Binary, ...). */
export function bsonTypeOf(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  const tag = (v as { _bsontype?: unknown })._bsontype;
  return typeof tag === 'string' ? tag : undefined;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Rank of a value's type in MongoDB's BSON comparison order. */
export function typeRank(v: unknown): number {
  if (v === undefined || v === null) return 2;
  switch (typeof v) {
    case 'number':
    case 'bigint':
      return 3;
    case 'string':
      return 4;
    case 'boolean':
      return 9;
  }
  if (Array.isArray(v)) return 6;
  if (v instanceof Date) return 10;
  if (v instanceof RegExp) return 12;
  switch (bsonTypeOf(v)) {
    case 'MinKey':
      return 1;
    case 'Long':
    case 'Double':
    case 'Int32':
    case 'Decimal128':
      return 3;
    case 'BSONSymbol':
      return 4;
    case 'Binary':
      return 7;
    case 'ObjectId':
      return 8;
    case 'Timestamp':
      return 11;
    case 'BSONRegExp':
      return 12;
    case 'MaxKey':
      return 14;
    case undefined:
      return 5;
    default:
      return 5;
  }
}

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  return Number(String(v));
}

const cmp = <T>(a: T, b: T): number => (a < b ? -1 : a > b ? 1 : 0);

/** Total order over BSON values, as MongoDB sorts them (no collation). */
export function compareValues(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 3: {
      if (typeof a === 'bigint' && typeof b === 'bigint') return cmp(a, b);
      const x = toNumber(a);
      const y = toNumber(b);
      if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
      if (Number.isNaN(y)) return 1;
      return cmp(x, y);
    }
    case 4:
      return cmp(String(a), String(b));
    case 5:
      return compareObjects(a as Doc, b as Doc);
    case 6: {
      const xs = a as unknown[];
      const ys = b as unknown[];
      for (let i = 0; i < Math.min(xs.length, ys.length); i++) {
        const c = compareValues(xs[i], ys[i]);
        if (c !== 0) return c;
      }
      return xs.length - ys.length;
    }
    case 7: {
      const x = (a as { buffer: Uint8Array; sub_type: number }).buffer;
      const y = (b as { buffer: Uint8Array; sub_type: number }).buffer;
      if (x.length !== y.length) return x.length - y.length;
      const st = (a as { sub_type: number }).sub_type - (b as { sub_type: number }).sub_type;
      if (st !== 0) return st;
      return Buffer.compare(x, y);
    }
    case 8:
      return compareObjectIds(a as ObjectIdLike, b as ObjectIdLike);
    case 9:
      return cmp(a as boolean, b as boolean);
    case 10:
      return cmp((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const x = a as { t: number; i: number };
      const y = b as { t: number; i: number };
      return x.t !== y.t ? x.t - y.t : x.i - y.i;
    }
    case 12:
      return cmp(String(a), String(b));
    default:
      return 0;
  }
}

interface ObjectIdLike {
  toHexString(): string;
  i0?: number;
  i1?: number;
  i2?: number;
  i3?: number;
}

/**
 * Byte order of two ObjectIds. bson 7 keeps the 12 bytes as four big-endian 24-bit numbers
 * (i0..i3): comparing those avoids building two hex strings per comparison, which made
 * ordered `_id` indexes ten times slower to fill. Other ObjectId shapes compare by hex.
 */
function compareObjectIds(a: ObjectIdLike, b: ObjectIdLike): number {
  if (typeof a.i3 === 'number' && typeof b.i3 === 'number') {
    return a.i0! - b.i0! || a.i1! - b.i1! || a.i2! - b.i2! || a.i3 - b.i3;
  }
  return cmp(a.toHexString(), b.toHexString());
}

function compareObjects(a: Doc, b: Doc): number {
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
    const va = a[ka[i]!];
    const vb = b[kb[i]!];
    const r = typeRank(va) - typeRank(vb);
    if (r !== 0) return r;
    const k = cmp(ka[i]!, kb[i]!);
    if (k !== 0) return k;
    const c = compareValues(va, vb);
    if (c !== 0) return c;
  }
  return ka.length - kb.length;
}

/**
 * A string that is equal for two values exactly when MongoDB's equality treats them as
 * equal (1, 1.0 and 1n share a key). Used as the key of the in-memory index maps.
 */
export function keyOf(v: unknown): string {
  if (v === undefined || v === null) return 'z';
  switch (typeof v) {
    case 'number':
      // Large integral doubles must key like the equal int64 (String(1e21) is "1e+21").
      if (Number.isInteger(v) && Math.abs(v) >= 1e21) return 'n' + BigInt(v).toString();
      return 'n' + (Object.is(v, -0) ? '0' : String(v));
    case 'bigint':
      return 'n' + String(v);
    case 'string':
      return 's' + v;
    case 'boolean':
      return v ? 'bt' : 'bf';
  }
  if (Array.isArray(v)) return 'a[' + v.map(keyOf).join(',') + ']';
  if (v instanceof Date) return 'd' + v.getTime();
  if (v instanceof RegExp) return 'r' + String(v);
  switch (bsonTypeOf(v)) {
    case 'ObjectId':
      return 'o' + (v as { toHexString(): string }).toHexString();
    case 'Long':
    case 'Int32':
    case 'Double':
      return 'n' + String(v);
    case 'Decimal128': {
      const n = Number(String(v));
      return Number.isFinite(n) && String(n) === String(v) ? 'n' + n : 'm' + String(v);
    }
    case 'Binary': {
      const bin = v as { sub_type: number; buffer: Uint8Array };
      return 'x' + bin.sub_type + ':' + Buffer.from(bin.buffer).toString('base64');
    }
    case 'MinKey':
      return '<';
    case 'MaxKey':
      return '>';
    case undefined:
      break;
    default:
      return 'u' + String(v);
  }
  const o = v as Doc;
  return (
    'O{' +
    Object.keys(o)
      .map((k) => JSON.stringify(k) + ':' + keyOf(o[k]))
      .join(',') +
    '}'
  );
}

/** Deep copy of plain objects and arrays; bson values and Dates are shared (never mutated). */
export function cloneDoc<T>(v: T): T {
  if (Array.isArray(v)) return v.map(cloneDoc) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = cloneDoc(v[k]);
    return out as T;
  }
  return v;
}

/**
 * The values a dotted path reaches, descending into arrays like MongoDB's multikey
 * indexes do. A missing path yields `[undefined]`.
 */
export function pathValues(doc: unknown, path: string): unknown[] {
  const parts = path.split('.');
  const out: unknown[] = [];
  const walk = (v: unknown, i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(v)) {
        if (v.length === 0) out.push(undefined);
        else out.push(...v);
      } else out.push(v);
      return;
    }
    if (Array.isArray(v)) {
      const idx = Number(parts[i]);
      if (Number.isInteger(idx) && /^\d+$/.test(parts[i]!)) {
        walk(v[idx], i + 1);
        return;
      }
      if (v.length === 0) out.push(undefined);
      for (const el of v) walk(el, i);
      return;
    }
    if (v !== null && typeof v === 'object' && bsonTypeOf(v) === undefined) {
      walk((v as Doc)[parts[i]!], i + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, 0);
  return out.length ? out : [undefined];
}

/** The value at a dotted path without array expansion (undefined when missing). */
export function getPath(doc: unknown, path: string): unknown {
  let v: unknown = doc;
  for (const p of path.split('.')) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Doc)[p];
  }
  return v;
}

/** Renders a value the way the server prints it in E11000 messages. */
export function renderValue(v: unknown): string {
  if (v === undefined || v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (Array.isArray(v)) return '[ ' + v.map(renderValue).join(', ') + ' ]';
  switch (bsonTypeOf(v)) {
    case 'ObjectId':
      return `ObjectId('${(v as { toHexString(): string }).toHexString()}')`;
    case undefined:
      break;
    default:
      return String(v);
  }
  const o = v as Doc;
  const keys = Object.keys(o);
  if (!keys.length) return '{}';
  return '{ ' + keys.map((k) => `${k}: ${renderValue(o[k])}`).join(', ') + ' }';
}

/** Sets a dotted path, creating (or replacing scalars with) objects along the way. */
export function setPath(doc: Doc, path: string, value: unknown): void {
  const parts = path.split('.');
  let cur: Doc = doc;
  for (const p of parts.slice(0, -1)) {
    if (!isPlainObject(cur[p]) && !Array.isArray(cur[p])) cur[p] = {};
    cur = cur[p] as Doc;
  }
  cur[parts[parts.length - 1]!] = value;
}
