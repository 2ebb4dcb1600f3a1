import type { RouteContract } from '@forum/contracts';
import { fieldsOf, type FieldInfo } from './schema.js';
import {
  OPERATOR_OBJECTS,
  OPERATOR_STRINGS,
  OVERSIZED,
  UNICODE,
  multipart,
  png,
  type Part,
} from './payloads.js';

/** What the body parser of the service will make of a body (undefined = not known here). */
export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; text: string | Buffer; contentType?: string; seen?: unknown };

/** A request derived from a route's baseline, before it is sent as one caller or another. */
export interface Variant {
  /** body | query | params | request | auth | upload | baseline */
  group: string;
  name: string;
  /** Path segments, already percent-encoded as they go on the wire. */
  params: Record<string, string>;
  /** Query pairs, already percent-encoded. */
  query: [string, string][];
  body: BodySpec;
  headers?: Record<string, string>;
  /** Replaces the caller's Authorization header (undefined value = no header at all). */
  authorization?: { value: (token: string | undefined) => string | undefined };
  /** Set when the variant must be refused whatever the schema says (nonexistent id, bad file). */
  refuse?: string;
  /** The only statuses that are right for this variant. */
  status?: number[];
  /** The server may cut the connection instead of answering (over the HTTP parser's limits). */
  mayReset?: boolean;
  /** Lands on another route (an empty path segment): no refusal is expected from the schemas. */
  otherRoute?: boolean;
  /** Marks variants whose 2xx answer must not echo these strings (mass assignment). */
  mustNotEcho?: string[];
}

/** A route's valid request, built from real data (see hostile/fuzz/baselines.ts). */
export interface Baseline {
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** JSON body. */
  body?: Record<string, unknown>;
  /** A multipart upload instead of (or, for POST /api/posts, as well as) the JSON body. */
  upload?: { field: string; maxBytes: number; fields?: Record<string, string> };
  /**
   * Values that must be refused, per param or body field: ids of another kind or of things the
   * caller may not use, names taken in another case, the caller's own name where that is barred.
   */
  foreign?: Record<string, string[]>;
  /** Values the response to a mass-assignment variant must never contain. */
  mustNotEcho?: string[];
}

const NONEXISTENT_ID = 'ffffffffffffffffffffffff';
export const NONEXISTENT_IDS = [NONEXISTENT_ID, '000000000000000000000000'];
const HEX_ID = '^[a-fA-F0-9]{24}$';
const MISSING = Symbol('missing');
type Value = unknown | typeof MISSING;

/** encodeURIComponent, except that lone surrogates (which it refuses) go out as raw UTF-8 bytes. */
const enc = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return [...s]
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
};

/** A valid-looking string of exactly `length` characters grown from the baseline value. */
export function sized(base: unknown, length: number): string {
  const s = typeof base === 'string' && base.length > 0 ? base : 'abc';
  const at = s.lastIndexOf('@');
  if (at > 0) {
    // Emails: grow or shrink the local part so the domain stays valid.
    const domain = s.slice(at);
    return `${sized(s.slice(0, at), Math.max(1, length - domain.length))}${domain}`;
  }
  if (s.length >= length) return s.slice(0, length);
  const fill = [...s].reverse().find((c) => /[A-Za-z0-9]/.test(c)) ?? 'a';
  return s + fill.repeat(length - s.length);
}

/** Every malformed (and a few valid-but-odd) JSON value for one body field. */
function bodyFieldValues(f: FieldInfo, base: unknown, foreign: string[] = []) {
  const out: { name: string; value: Value; refuse?: string }[] = [
    { name: 'missing', value: MISSING },
    { name: 'null', value: null },
    { name: 'number', value: 12345 },
    { name: 'string', value: 'x' },
    { name: 'bool', value: true },
    { name: 'array', value: [] },
    { name: 'array of valid', value: [base] },
    { name: 'object', value: {} },
    { name: 'object wrapping valid', value: { value: base } },
    { name: 'deep nesting', value: JSON.parse('['.repeat(2000) + ']'.repeat(2000)) },
    ...OPERATOR_OBJECTS.map((o) => ({ name: `operator ${o.label}`, value: o.value })),
  ];
  const stringy = f.types.includes('string');
  const numeric = f.types.includes('number') || f.types.includes('integer');
  if (stringy) {
    out.push(
      { name: 'empty', value: '' },
      { name: 'whitespace', value: '   \t\n ' },
      { name: 'oversized 100KB', value: OVERSIZED },
      ...OPERATOR_STRINGS.map((o) => ({ name: `operator string ${o.label}`, value: o.value })),
      ...UNICODE.map((u) => ({ name: `unicode ${u.label}`, value: u.value })),
      ...UNICODE.slice(0, 4).map((u) => ({
        name: `valid + unicode ${u.label}`,
        value: `${String(base)}${u.value}`,
      })),
      { name: 'padded with spaces', value: `  ${String(base)}  ` },
    );
    const lengths = new Set<number>();
    if (f.minLength !== undefined) lengths.add(f.minLength).add(Math.max(0, f.minLength - 1));
    if (f.maxLength !== undefined) lengths.add(f.maxLength).add(f.maxLength + 1);
    for (const n of lengths) out.push({ name: `length ${n}`, value: sized(base, n) });
    if (f.maxLength !== undefined) {
      // Code points vs UTF-16 units: emoji are two units each.
      out.push({ name: `emoji x${f.maxLength}`, value: '😀'.repeat(f.maxLength) });
      out.push({ name: `markup-padded to max+1`, value: `<b>${sized(base, f.maxLength)}</b>x` });
    }
    if (f.pattern === HEX_ID) {
      for (const id of NONEXISTENT_IDS)
        out.push({ name: `nonexistent ${id}`, value: id, refuse: 'nonexistent id' });
      out.push({ name: 'uppercase id', value: String(base).toUpperCase() });
      out.push({ name: 'id + 1 char', value: `${String(base)}a` });
      out.push({ name: 'id - 1 char', value: String(base).slice(0, 23) });
    } else if (f.pattern) {
      out.push({ name: 'pattern broken', value: `${String(base)} !` });
    }
    for (const value of foreign) {
      out.push({ name: `foreign ${value}`, value, refuse: 'taken, foreign or forbidden value' });
    }
  }
  if (numeric) {
    const nums = new Set<number>([-1, 0, 1.5, -0.5, 2 ** 53 + 2, -(2 ** 53), 1e308]);
    for (const b of [f.minimum, f.maximum])
      if (b !== undefined)
        nums
          .add(b - 1)
          .add(b)
          .add(b + 1);
    for (const e of f.enum ?? [])
      if (typeof e === 'number')
        nums
          .add(e + 1)
          .add(e - 1)
          .add(e);
    for (const n of nums) out.push({ name: `number ${n}`, value: n });
    out.push(
      { name: 'numeric string', value: String(base) },
      { name: 'NaN string', value: 'NaN' },
      { name: 'Infinity string', value: 'Infinity' },
    );
  }
  if (f.types.includes('boolean')) {
    out.push(
      { name: 'string "true"', value: 'true' },
      { name: 'string "false"', value: 'false' },
      { name: '1', value: 1 },
      { name: '0', value: 0 },
      { name: 'true', value: true },
      { name: 'false', value: false },
    );
  }
  for (const e of f.enum ?? []) {
    if (typeof e !== 'string') continue;
    out.push({ name: `enum ${e}`, value: e });
    out.push({ name: `enum ${e} uppercased`, value: e.toUpperCase() });
    out.push({ name: `enum ${e} with space`, value: ` ${e}` });
  }
  if (f.enum) out.push({ name: 'enum unknown', value: 'zzz' });
  return out;
}

/** Query values as they arrive: strings only, plus the bracket syntax some parsers expand. */
function queryFieldValues(f: FieldInfo, base: string | undefined) {
  const out: { name: string; pairs: (name: string) => [string, string][] }[] = [];
  const one = (name: string, raw: string) => out.push({ name, pairs: (k) => [[k, raw]] });
  one('empty', '');
  one('whitespace', enc('   '));
  one('word', 'abc');
  one('$where', enc('$where'));
  one('json operator text', enc('{"$ne":null}'));
  one('8KB', 'x'.repeat(8 * 1024));
  one('NUL', '%00');
  one('encoded lone surrogate', '%ED%A0%80');
  one('broken percent-encoding', '%E0%A4%A');
  one('bad escape', '%zz');
  one('emoji', enc('😀'));
  one('RTL', enc('\u202E1'));
  out.push({
    name: 'repeated',
    // Pairs hold encoded values: the baseline's own may have spaces or quotes (a search's q).
    pairs: (k) => [
      [k, base === undefined ? '1' : enc(base)],
      [k, base === undefined ? '2' : enc(base)],
    ],
  });
  for (const [label, suffix, value] of [
    ['[$ne]=x', '[$ne]', 'x'],
    ['[$gt]=', '[$gt]', ''],
    ['[$where]=sleep', '[$where]', 'sleep(1000)'],
    ['[$regex]=.*', '[$regex]', '.*'],
    ['[0]=1', '[0]', '1'],
    ['[]=1', '[]', '1'],
  ] as const) {
    out.push({ name: `bracket ${label}`, pairs: (k) => [[`${k}${suffix}`, enc(value)]] });
    out.push({
      name: `encoded bracket ${label}`,
      pairs: (k) => [[enc(`${k}${suffix}`), enc(value)]],
    });
  }
  if (f.types.includes('number') || f.types.includes('integer')) {
    for (const raw of [
      '-1',
      '0',
      '1.5',
      '1e3',
      'NaN',
      'Infinity',
      '-Infinity',
      '0x10',
      '-0',
      '1e309',
    ]) {
      one(`number ${raw}`, raw);
    }
    one('huge', '99999999999999999999');
    one('2^31', String(2 ** 31));
    one('1e9', '1000000000');
    for (const b of [f.minimum, f.maximum]) {
      if (b !== undefined) for (const n of [b - 1, b, b + 1]) one(`bound ${n}`, String(n));
    }
  }
  for (const e of f.enum ?? []) {
    one(`enum ${String(e)}`, enc(String(e)));
    if (typeof e === 'string') one(`enum ${e} uppercased`, enc(e.toUpperCase()));
  }
  if (f.enum) one('enum unknown', 'zzz');
  if (f.maxLength !== undefined) {
    one(`length ${f.maxLength}`, enc(sized(base, f.maxLength)));
    one(`length ${f.maxLength + 1}`, enc(sized(base, f.maxLength + 1)));
  }
  for (const u of UNICODE.slice(0, 5)) one(`unicode ${u.label}`, enc(u.value));
  return out;
}

/** Path segments that are not the id they stand for. */
function paramValues(base: string, isId: boolean, foreign: string[] = []) {
  const out: {
    name: string;
    raw: string;
    refuse?: string;
    mayPass?: boolean;
    otherRoute?: boolean;
  }[] = [];
  const bad = (name: string, raw: string) => out.push({ name, raw, refuse: 'not an existing id' });
  bad('word', 'xyz');
  bad('null', 'null');
  bad('undefined', 'undefined');
  bad('[object Object]', enc('[object Object]'));
  bad('__proto__', '__proto__');
  bad('constructor', 'constructor');
  bad('$where', enc('$where'));
  bad('$ne operator text', enc('{"$ne":null}'));
  bad('regex .*', enc('.*'));
  bad('..', '..');
  bad('.', '.');
  bad('..%2F traversal', '..%2F..%2F..%2Fadmin%2Fstats');
  bad('%2e%2e', '%2e%2e');
  bad('%2e%2e%2f traversal', '%2e%2e%2f%2e%2e%2fadmin%2fstats');
  bad('NUL', '%00');
  bad('valid + NUL', `${enc(base)}%00`);
  bad('encoded lone surrogate', '%ED%A0%80');
  bad('lone %', '%');
  bad('bad escape', '%zz');
  bad('very long', 'a'.repeat(10_000));
  bad('emoji', enc('😀'));
  bad('spaces around', `%20${enc(base)}%20`);
  bad('valid + 1 char', `${enc(base)}a`);
  bad('valid - 1 char', enc(base.slice(0, -1)));
  bad('encoded slash inside', `${enc(base)}%2Fx`);
  // An empty segment is another route (`/api/posts/` is the list): any answer but a 5xx is fine.
  out.push({ name: 'empty', raw: '', mayPass: true, otherRoute: true });
  if (isId) {
    for (const id of NONEXISTENT_IDS) bad(`nonexistent ${id}`, id);
    out.push({ name: 'uppercase id', raw: base.toUpperCase(), mayPass: true });
  } else {
    bad('nonexistent name', 'zzznosuchname1');
    out.push({ name: 'uppercased', raw: enc(base.toUpperCase()), mayPass: true });
    bad('regex ^prefix', enc(`^${base.slice(0, 2)}`));
    bad('regex alternation', enc(`${base}|admin`));
  }
  for (const id of foreign) bad(`foreign ${id}`, enc(id));
  return out;
}

const MALFORMED_JSON = [
  '{',
  '{"a":}',
  '{"a":1,}',
  "{'a':'b'}",
  '{"a":NaN}',
  '{"a":"\\x41"}',
  'nul',
  '[1,2',
  '{"a":"b"} trailing',
  '\u0000{}',
];

export interface GenerateOptions {
  route: RouteContract;
  baseline: Baseline;
}

/** Every variant of one route's baseline (the baseline itself first). */
export function generateVariants({ route, baseline }: GenerateOptions): Variant[] {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(baseline.params ?? {})) params[k] = enc(v);
  const query: [string, string][] = Object.entries(baseline.query ?? {}).map(([k, v]) => [
    k,
    enc(v),
  ]);
  const jsonBody = baseline.body;
  const writes = ['post', 'put', 'patch'].includes(route.method);
  // Upload-only routes (avatar, logo): the valid request is the multipart upload of an image.
  const validUpload =
    baseline.upload && !jsonBody ? multipart([validImagePart(baseline.upload)]) : undefined;
  const body: BodySpec = jsonBody
    ? { kind: 'json', value: jsonBody }
    : validUpload
      ? { kind: 'raw', text: validUpload.body, contentType: validUpload.contentType }
      : { kind: 'none' };
  const base = (group: string, name: string, patch: Partial<Variant> = {}): Variant => ({
    group,
    name,
    params,
    query,
    body,
    ...patch,
  });
  const out: Variant[] = [base('baseline', 'valid request')];

  // Path parameters.
  for (const [name, value] of Object.entries(baseline.params ?? {})) {
    const isId = /^[a-f0-9]{24}$/.test(value);
    for (const v of paramValues(value, isId, baseline.foreign?.[name])) {
      out.push(
        base('params', `${name}: ${v.name}`, {
          params: { ...params, [name]: v.raw },
          refuse: v.mayPass ? undefined : v.refuse,
          otherRoute: v.otherRoute,
        }),
      );
    }
  }

  // Query parameters: every field of the query schema, plus unknown ones.
  if (route.request?.query) {
    for (const f of fieldsOf(route.request.query)) {
      const without = query.filter(([k]) => k !== f.name);
      if (without.length !== query.length) {
        out.push(base('query', `${f.name}: missing`, { query: without }));
      }
      for (const v of queryFieldValues(f, baseline.query?.[f.name])) {
        out.push(
          base('query', `${f.name}: ${v.name}`, { query: [...without, ...v.pairs(f.name)] }),
        );
      }
    }
  }
  for (const [label, pair] of [
    ['unknown param', ['foo', 'bar']],
    ['__proto__', ['__proto__', 'x']],
    ['__proto__[polluted]', ['__proto__[polluted]', '1']],
    ['constructor[prototype]', ['constructor[prototype][polluted]', '1']],
    ['$where param', [enc('$where'), enc('sleep(1000)')]],
    ['$gt param', ['%24gt', '']],
    ['limit[$gt]', ['limit[$gt]', '0']],
    ['page huge', ['page', '99999999999']],
    ['limit huge', ['limit', '99999999999']],
  ] as const) {
    if (query.some(([k]) => k === pair[0])) continue;
    out.push(base('query', `extra ${label}`, { query: [...query, [pair[0], pair[1]]] }));
  }

  // Body fields (JSON).
  if (jsonBody && route.request?.body) {
    for (const f of fieldsOf(route.request.body)) {
      for (const v of bodyFieldValues(f, jsonBody[f.name], baseline.foreign?.[f.name])) {
        const value = { ...jsonBody };
        if (v.value === MISSING) delete value[f.name];
        else value[f.name] = v.value;
        out.push(
          base('body', `${f.name}: ${v.name}`, {
            body: { kind: 'json', value },
            refuse: v.refuse,
          }),
        );
      }
    }
    const text = JSON.stringify(jsonBody);
    const spliced = (extra: string) => `${text.slice(0, -1)}${text.length > 2 ? ',' : ''}${extra}}`;
    const raw = (name: string, rawText: string, patch: Partial<Variant> = {}) =>
      out.push(
        base('request', name, {
          body: {
            kind: 'raw',
            text: rawText,
            contentType: 'application/json',
            seen: JSON.parse(rawText),
          },
          ...patch,
        }),
      );
    raw('__proto__ key', spliced('"__proto__":{"is_admin":true,"polluted":"yes"}'));
    raw('constructor.prototype key', spliced('"constructor":{"prototype":{"polluted":"yes"}}'));
    raw('__proto__ first', `{"__proto__":{"is_admin":true},${text.slice(1)}`);
    for (const [k] of Object.entries(jsonBody)) {
      raw(`duplicate key ${k} with operator`, spliced(`"${k}":{"$ne":null}`));
    }
    const massAssign: Record<string, unknown> = {
      is_admin: true,
      role: 'admin',
      _id: NONEXISTENT_ID,
      id: NONEXISTENT_ID,
      user_id: NONEXISTENT_ID,
      author_id: NONEXISTENT_ID,
      created_by: NONEXISTENT_ID,
      score: 1_000_007,
      upvotes: 1_000_007,
      member_count: 1_000_007,
      total_score: 1_000_007,
      is_active: false,
      email_verified: true,
      password_hash: 'x',
      created_at: '2000-01-01T00:00:00.000Z',
    };
    for (const k of Object.keys(jsonBody)) delete massAssign[k];
    out.push(
      base('request', 'mass assignment fields', {
        body: { kind: 'json', value: { ...jsonBody, ...massAssign } },
        mustNotEcho: ['1000007', NONEXISTENT_ID, '2000-01-01', ...(baseline.mustNotEcho ?? [])],
      }),
      base('request', 'unknown extra field', {
        body: { kind: 'json', value: { ...jsonBody, extra: 'x' } },
      }),
      base('request', 'many keys', {
        body: {
          kind: 'json',
          value: {
            ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i])),
            ...jsonBody,
          },
        },
      }),
    );
  }
  if (writes) {
    // Whole-body shapes, for every write route (the body parser runs for all of them).
    for (const [name, value] of [
      ['empty object', {}],
      ['array', []],
      ['array of valid', [jsonBody ?? {}]],
      ['string', 'text'],
      ['number', 42],
      ['true', true],
      ['null', null],
      ['deep nesting', JSON.parse('{"a":'.repeat(3000) + '1' + '}'.repeat(3000))],
    ] as const) {
      out.push(base('request', `body ${name}`, { body: { kind: 'json', value } }));
    }
    for (const m of MALFORMED_JSON) {
      out.push(
        base('request', `malformed JSON ${JSON.stringify(m)}`, {
          body: { kind: 'raw', text: m, contentType: 'application/json' },
          refuse: 'malformed JSON',
          status: [400],
        }),
      );
    }
    const text = JSON.stringify(jsonBody ?? {});
    const contentTypes: [string, string | undefined, unknown][] = [
      ['text/plain', 'text/plain', {}],
      ['application/xml', 'application/xml', {}],
      ['no content type', undefined, {}],
      ['charset utf-16', 'application/json; charset=utf-16', undefined],
      ['charset latin1', 'application/json; charset=latin1', undefined],
      ['vnd+json', 'application/vnd.api+json', undefined],
      ['upper-case type', 'APPLICATION/JSON', undefined],
    ];
    for (const [name, contentType, seen] of contentTypes) {
      out.push(
        base('request', `content type ${name}`, { body: { kind: 'raw', text, contentType, seen } }),
      );
    }
    out.push(
      base('request', 'empty body, JSON content type', {
        body: { kind: 'raw', text: '', contentType: 'application/json' },
      }),
      base('request', 'BOM + JSON', {
        body: { kind: 'raw', text: `\uFEFF${text}`, contentType: 'application/json' },
      }),
    );
    if (jsonBody) {
      const form = new URLSearchParams(
        Object.entries(jsonBody).map(([k, v]) => [
          k,
          typeof v === 'string' ? v : JSON.stringify(v),
        ]),
      );
      out.push(
        base('request', 'form-encoded', {
          body: {
            kind: 'raw',
            text: form.toString(),
            contentType: 'application/x-www-form-urlencoded',
            seen: Object.fromEntries(form),
          },
        }),
      );
      for (const k of Object.keys(jsonBody)) {
        const injected = new URLSearchParams(form);
        injected.delete(k);
        const rawText = `${injected.toString()}&${enc(`${k}[$ne]`)}=x`;
        out.push(
          base('request', `form-encoded ${k}[$ne]=x`, {
            body: {
              kind: 'raw',
              text: rawText,
              contentType: 'application/x-www-form-urlencoded',
              seen: { ...Object.fromEntries(injected), [k]: { $ne: 'x' } },
            },
          }),
        );
      }
    }
    out.push(
      base('request', 'multipart without boundary', {
        body: { kind: 'raw', text, contentType: 'multipart/form-data' },
        refuse: baseline.upload ? 'malformed multipart' : undefined,
      }),
    );
  } else {
    out.push(
      base('request', `JSON body on ${route.method.toUpperCase()}`, {
        body: { kind: 'raw', text: '{"$where":"sleep(1000)"}', contentType: 'application/json' },
      }),
      base('request', `malformed JSON on ${route.method.toUpperCase()}`, {
        body: { kind: 'raw', text: '{', contentType: 'application/json' },
      }),
    );
  }
  out.push(
    // A GET the gateway answers itself (admin stats) never reads its body: only writes must 413.
    base('request', 'huge body (2 MB)', {
      body: {
        kind: 'raw',
        text: `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`,
        contentType: 'application/json',
      },
      refuse: writes ? 'body over the 1 MB limit' : undefined,
      status: writes ? [413] : undefined,
      // The gateway answers 413 and closes while the client is still writing.
      mayReset: true,
    }),
    base('request', 'query of 100 KB', {
      query: [...query, ['q', 'x'.repeat(100 * 1024)]],
      refuse: 'request line over the header limit',
      mayReset: true,
    }),
  );

  // Authorization headers.
  for (const [name, value, mayPass] of [
    ['no header', () => undefined, false],
    ['Bearer only', () => 'Bearer', false],
    ['Bearer + space', () => 'Bearer ', false],
    ['Basic', () => 'Basic YWRtaW46QWRtaW5QYXNzMTIz', false],
    ['Bearer null', () => 'Bearer null', false],
    ['Bearer undefined', () => 'Bearer undefined', false],
    ['Bearer a.b.c', () => 'Bearer a.b.c', false],
    ['Bearer operator', () => 'Bearer {"$ne":null}', false],
    ['Bearer 8KB', () => `Bearer ${'a'.repeat(8000)}`, false],
    ['token without scheme', (t?: string) => t ?? 'x', false],
    ['token twice', (t?: string) => `Bearer ${t} ${t}`, false],
    ['Token scheme', (t?: string) => `Token ${t}`, false],
    // Forged from the caller's own token (a visitor forges from nothing).
    ['bad signature', (t?: string) => forgeTokens(t).badSignature, false],
    ['alg none, admin claim', (t?: string) => forgeTokens(t).algNone, false],
    ['payload tampered to admin', (t?: string) => forgeTokens(t).tampered, false],
    ['lower-case bearer', (t?: string) => `bearer ${t}`, true],
    ['Bearer with double space', (t?: string) => `Bearer  ${t}`, true],
  ] as const) {
    const refuse =
      mayPass || route.auth === 'none' || route.auth === 'optional'
        ? undefined
        : 'invalid credentials on a signed-in route';
    out.push(base('auth', `Authorization: ${name}`, { authorization: { value }, refuse }));
  }

  if (baseline.upload) out.push(...uploadVariants(baseline.upload, base));
  return out;
}

/** Tokens that look like the caller's but must never be accepted. */
function forgeTokens(token: string | undefined) {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const [head = 'x', payload = 'x', sig = 'x'] = (token ?? 'x.x.x').split('.');
  let claims: Record<string, unknown> = {};
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
  } catch {
    claims = {};
  }
  // `fuzz` makes the payload differ even when the caller is the admin already.
  const admin = { ...claims, username: 'admin', is_admin: true, fuzz: 1 };
  const flipped = sig.slice(0, -2) + (sig.endsWith('AA') ? 'BB' : 'AA');
  return {
    badSignature: `Bearer ${head}.${payload}.${flipped}`,
    algNone: `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(admin)}.`,
    tampered: `Bearer ${head}.${b64(admin)}.${sig}`,
  };
}

function validImagePart(upload: NonNullable<Baseline['upload']>): Part {
  return { name: upload.field, value: png(2, 2), filename: 'a.png', contentType: 'image/png' };
}

function uploadVariants(
  upload: NonNullable<Baseline['upload']>,
  base: (group: string, name: string, patch?: Partial<Variant>) => Variant,
): Variant[] {
  const fields: Part[] = Object.entries(upload.fields ?? {}).map(([name, value]) => ({
    name,
    value,
  }));
  const image = png(2, 2);
  const file = (value: Buffer | string, filename = 'a.png', contentType = 'image/png'): Part => ({
    name: upload.field,
    value,
    filename,
    contentType,
  });
  const mp = (name: string, parts: Part[], patch: Partial<Variant> = {}) => {
    const { body, contentType } = multipart(parts);
    return base('upload', name, {
      body: { kind: 'raw', text: body, contentType, seen: undefined },
      ...patch,
    });
  };
  const refuse = (name: string, parts: Part[], status?: number[]) =>
    mp(name, parts, { refuse: 'bad upload', status });
  const big = Buffer.concat([image, Buffer.alloc(upload.maxBytes + 1 - image.length)]);
  const good = mp('valid image', [...fields, file(image)]);
  const raw = (name: string, text: string, contentType: string) =>
    base('upload', name, {
      body: { kind: 'raw', text, contentType },
      refuse: 'malformed multipart',
    });
  return [
    good,
    mp('path traversal filename', [...fields, file(image, '../../../../etc/passwd.png')]),
    mp('NUL in filename', [...fields, file(image, 'a\u0000.png')]),
    refuse('no file', fields),
    refuse('file in another field', [...fields, { ...file(image), name: 'other' }]),
    refuse('two files', [...fields, file(image), file(image)]),
    refuse('text file as image/png', [...fields, file('hello world', 'a.png')], [400, 415]),
    refuse('svg with script', [
      ...fields,
      file(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
        'a.svg',
        'image/svg+xml',
      ),
    ]),
    refuse('truncated png', [...fields, file(image.subarray(0, 40))]),
    refuse('png bomb 30000x30000', [...fields, file(png(30_000, 30_000, { pixels: false }))]),
    refuse('gif magic + garbage', [
      ...fields,
      file(Buffer.from('GIF89a\u0001\u0000garbage'), 'a.gif', 'image/gif'),
    ]),
    refuse('empty file', [...fields, file(Buffer.alloc(0))]),
    refuse(`file of ${upload.maxBytes + 1} bytes`, [...fields, file(big)], [413]),
    refuse('30 text fields', [
      ...fields,
      ...Array.from({ length: 30 }, (_, i) => ({ name: `f${i}`, value: 'x' })),
      file(image),
    ]),
    refuse('200 KB text field', [
      ...fields,
      { name: 'title', value: 'x'.repeat(200 * 1024) },
      file(image),
    ]),
    raw(
      'multipart boundary mismatch',
      `--other\r\nContent-Disposition: form-data; name="${upload.field}"\r\n\r\nx\r\n--other--\r\n`,
      'multipart/form-data; boundary=fuzz',
    ),
    raw(
      'multipart unterminated',
      `--fuzz\r\nContent-Disposition: form-data; name="${upload.field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${image.toString('latin1')}`,
      'multipart/form-data; boundary=fuzz',
    ),
    raw(
      'multipart garbage headers',
      `--fuzz\r\n\u0000\u0001garbage\r\n\r\nx\r\n--fuzz--\r\n`,
      'multipart/form-data; boundary=fuzz',
    ),
    raw(
      'multipart part without name',
      `--fuzz\r\nContent-Disposition: form-data; filename="a.png"\r\n\r\nx\r\n--fuzz--\r\n`,
      'multipart/form-data; boundary=fuzz',
    ),
    raw('multipart with JSON content', '{"a":1}', 'multipart/form-data; boundary=fuzz'),
  ];
}
