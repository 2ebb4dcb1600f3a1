import { expect, test } from '@playwright/test';
import { routeKey, routes, type RouteContract } from '@forum/contracts';
import {
  openDigest,
  type DbChange,
  type Digest,
  type Exclusion,
  type Snapshot,
} from '../../lib/fuzz/digest.js';
import {
  mapLimit,
  rawClient,
  type RawClient,
  type RawRequest,
  type RawResponse,
} from '../../lib/fuzz/http.js';
import { natsEventsIdle } from '../../lib/fuzz/events-idle.js';
import { effectiveRequest, judge, type CallerRole, type Verdict } from '../../lib/fuzz/oracle.js';
import { generateVariants, type Variant } from '../../lib/fuzz/variants.js';
import { baselines, type Caller, type RouteBaseline } from './baselines.js';
import { createFixtures, type Fixtures } from './fixtures.js';

/**
 * Contract-driven hostile-input fuzzer. For every public route of @forum/contracts it builds a
 * valid request from real data (baselines.ts), derives malformed variants from the route's zod
 * schemas (lib/fuzz/variants.ts), sends each as the right user, a wrong user and a visitor, and
 * checks: no 5xx, no hang, JSON error bodies, refusal wherever the contract (or the caller) rules
 * the request out, no secrets of other users, and, through a digest of every collection of the
 * three databases, that a refused request changed nothing.
 */

/**
 * What may legitimately change while a request is refused. Each was seen changing in a run
 * without the exclusion (the blame step names the request and the fields), not assumed.
 */
const EXCLUSIONS: Exclusion[] = [
  {
    collection: 'identity.login_throttle',
    why:
      'rate-limit counters: every login/register/refresh/reset attempt counts, refused ones ' +
      'included (that is what a limiter is for); the documents expire with their window',
  },
  {
    collection: 'identity.users',
    fields: ['last_active', 'updated_at'],
    why:
      'last_active is touched (at most once a minute) by any request with a valid access token, ' +
      'before the route refuses it (the admin table shows it as "online"); that updateOne also ' +
      "bumps mongoose's updated_at timestamp",
  },
  {
    collection: 'identity.refresh_token_families',
    fields: ['revoked_at', 'revoke_reason'],
    why:
      'replaying an already rotated refresh token is refused (401) and, by design, revokes the ' +
      'whole session family (revoke_reason "reuse": a stolen token must not stay usable)',
  },
];

const CONCURRENCY = 8;
const STRICT_CHUNK = 250;
const MIXED_CHUNK = 80;
const TIMEOUT_MS = 5_000;
/**
 * A request left unanswered for TIMEOUT_MS is sent once more: a hang that the input causes comes
 * back (and fails the run), a one-off stall of a loaded 2-core machine does not (CI once saw one
 * in 40,000 requests, never reproduced in runs of the same input). More than this many stalls in
 * a run is a failure in itself: the stack is too slow, whatever the input.
 */
const MAX_STALLS = 3;

const keyOf = (r: RouteContract): string => routeKey(r);

interface Probe {
  route: RouteContract;
  key: string;
  variant: Variant;
  role: CallerRole;
  caller: Caller;
  request: RawRequest;
  verdict: Verdict;
}

interface Failure {
  key: string;
  variant: string;
  caller: string;
  problem: string;
  request: string;
  response: string;
}

const show = (s: string | Buffer | undefined, max = 400) => {
  if (s === undefined) return '';
  const text =
    typeof s === 'string' ? s : `<${s.length} bytes> ${s.subarray(0, max).toString('latin1')}`;
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
};

function buildRequest(
  route: RouteContract,
  variant: Variant,
  token: string | undefined,
): RawRequest {
  let path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => variant.params[name] ?? '');
  if (variant.query.length) path += `?${variant.query.map(([k, v]) => `${k}=${v}`).join('&')}`;
  const headers: Record<string, string> = { accept: 'application/json', ...variant.headers };
  const authorization = variant.authorization
    ? variant.authorization.value(token)
    : token
      ? `Bearer ${token}`
      : undefined;
  if (authorization !== undefined) headers.authorization = authorization;
  let body: string | Buffer | undefined;
  if (variant.body.kind === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(variant.body.value);
  } else if (variant.body.kind === 'raw') {
    if (variant.body.contentType) headers['content-type'] = variant.body.contentType;
    body = variant.body.text;
  }
  return { method: route.method, path, headers, body };
}

test('every public route refuses hostile input without a 5xx, a hang or a change', async () => {
  test.setTimeout(600_000);
  const baseUrl = process.env.HOSTILE_BASE_URL;
  const mongoUrl = process.env.HOSTILE_MONGO_URL;
  const prefix = process.env.HOSTILE_DB_PREFIX ?? '';
  if (!baseUrl || !mongoUrl) throw new Error('HOSTILE_BASE_URL / HOSTILE_MONGO_URL not set');

  const publicRoutes = routes.filter((r) => !r.internal);
  const uncovered = publicRoutes.map(keyOf).filter((k) => !baselines[k]);
  expect(uncovered, 'public routes without a fuzz baseline').toEqual([]);
  const stale = Object.keys(baselines).filter((k) => !publicRoutes.some((r) => keyOf(r) === k));
  expect(stale, 'baselines of routes the contracts no longer have').toEqual([]);

  const started = performance.now();
  const fx = await createFixtures(baseUrl, mongoUrl, prefix);
  const monitorUrl = process.env.HOSTILE_NATS_MONITOR_URL;
  const digest = await openDigest(mongoUrl, prefix, EXCLUSIONS, {
    eventsIdle: monitorUrl ? natsEventsIdle(monitorUrl) : undefined,
  });
  const client = rawClient(baseUrl, { timeoutMs: TIMEOUT_MS });
  const failures: Failure[] = [];
  const seenFailures = new Set<string>();
  const stalls: string[] = [];
  const counts: { key: string; requests: number; variants: number; ms: number }[] = [];
  let total = 0;

  try {
    expect(await digest.selfTest(), 'the digest must see a write').toBe(true);
    let current = await digest.settle();
    // FUZZ_ROUTES=<regex> narrows a local run to some routes (the full run covers all of them).
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
    for (const route of publicRoutes.filter((r) => !only || only.test(keyOf(r)))) {
      const key = keyOf(route);
      const routeStarted = performance.now();
      const before = total;
      const spec = baselines[key]!;
      const run = await fuzzRoute(
        route,
        spec,
        fx,
        client,
        digest,
        current,
        (n) => (total += n),
        (f) => {
          const id = `${f.key}|${f.variant}|${f.caller}|${f.problem}`;
          if (!seenFailures.has(id)) {
            seenFailures.add(id);
            failures.push(f);
            console.log(`[fuzz] FAIL ${formatFailure(f, failures.length)}`);
          }
        },
        (what) => {
          stalls.push(what);
          console.log(`[fuzz] STALL no answer within ${TIMEOUT_MS} ms, sent again: ${what}`);
        },
      );
      current = run.snapshot;
      console.log(
        `[fuzz] ${key.padEnd(52)} ${String(run.variants).padStart(4)} variants ` +
          `${String(total - before).padStart(5)} requests ` +
          `${((performance.now() - routeStarted) / 1000).toFixed(1)} s`,
      );
      counts.push({
        key,
        requests: total - before,
        variants: run.variants,
        ms: performance.now() - routeStarted,
      });
    }
    // Prototype pollution canary: after every __proto__ / constructor.prototype body, a normal
    // user must still be refused the admin routes and no answer may carry the planted keys.
    for (const path of ['/api/admin/stats', '/api/admin/users']) {
      const res = await client.send({
        method: 'get',
        path,
        headers: { authorization: `Bearer ${fx.users.alice.token}` },
      });
      total += 1;
      if (res.status !== 403 || res.text.includes('polluted')) {
        failures.push({
          key: `GET ${path}`,
          variant: 'prototype pollution canary',
          caller: 'alice',
          problem: `expected 403 after the __proto__ probes, got ${res.status}`,
          request: `GET ${path}`,
          response: `${res.status} ${show(res.text)}`,
        });
      }
    }
  } finally {
    client.close();
    await digest.close();
    await fx.close();
  }

  const seconds = (performance.now() - started) / 1000;
  // Per-route counts were printed as each route finished; here the totals.
  const variants = counts.reduce((n, c) => n + c.variants, 0);
  console.log(
    `[fuzz] ${counts.length} public routes (of ${publicRoutes.length}), ${variants} variants, ` +
      `${total} requests in ${seconds.toFixed(1)} s (${(total / seconds).toFixed(0)} requests/s; ` +
      `${stalls.length} sent again after ${TIMEOUT_MS} ms without an answer); ` +
      `digest exclusions: ${EXCLUSIONS.map((e) => `${e.collection}${e.fields ? ` (${e.fields.join(', ')})` : ''}`).join('; ')}`,
  );
  if (!process.env.FUZZ_ROUTES) {
    expect(
      counts.map((c) => c.key),
      'every public route was fuzzed',
    ).toEqual(publicRoutes.map(keyOf));
    expect(total, 'thousands of requests').toBeGreaterThan(10_000);
  }
  expect(
    stalls.length,
    `requests that needed a second attempt:\n${stalls.join('\n')}`,
  ).toBeLessThanOrEqual(MAX_STALLS);
  const report = failures
    .slice(0, 60)
    .map((f, i) => formatFailure(f, i + 1))
    .join('\n');
  expect(
    failures.length,
    `${failures.length} failures${failures.length > 60 ? ' (first 60)' : ''}:\n${report}`,
  ).toBe(0);
});

async function fuzzRoute(
  route: RouteContract,
  spec: RouteBaseline,
  fx: Fixtures,
  client: RawClient,
  digest: Digest,
  start: Snapshot,
  count: (n: number) => void,
  fail: (f: Failure) => void,
  stall: (what: string) => void,
): Promise<{ snapshot: Snapshot; variants: number }> {
  const key = keyOf(route);
  const baseline = await spec.build(fx);
  const tokenOf = (c: Caller) => (c === 'anon' ? undefined : fx.users[c].token);
  // Signed-in routes: the right user, a wrong user and a visitor. Open routes (register, login...)
  // have a visitor as the right caller, so the third would repeat the second: a signed-in user
  // covers them (bcrypt makes every extra login variant cost a quarter second).
  const callers: { role: CallerRole; caller: Caller }[] = [
    { role: 'right', caller: spec.as },
    { role: 'wrong', caller: spec.wrong },
  ];
  if (spec.as !== 'anon') callers.push({ role: 'anon', caller: 'anon' });
  const variants = generateVariants({ route, baseline });
  const upload = Boolean(baseline.upload);
  const probes: Probe[] = [];
  for (const variant of variants) {
    // bcrypt routes: value and header variants go as the right caller only (the route ignores
    // who calls); the baseline, whole-request and upload variants go as every caller.
    const fanOut =
      spec.costly && ['body', 'query', 'params', 'auth'].includes(variant.group)
        ? callers.slice(0, 1)
        : callers;
    for (const { role, caller } of fanOut) {
      const verdict = judge(route, variant, role, { ownerOnly: spec.wrongRefused, upload });
      probes.push({
        route,
        key,
        variant,
        role,
        caller,
        request: buildRequest(route, variant, tokenOf(caller)),
        verdict,
      });
    }
  }
  const isBaseline = (p: Probe) => p.variant.group === 'baseline' && p.role === 'right';
  // Must-refuse probes first, the rest in generation order (related variants stay together, so
  // the few that succeed spoil few chunks).
  const strict = probes.filter((p) => p.verdict.refuse && !isBaseline(p));
  // Variants the schemas turn into the baseline's own request (extra fields stripped, values
  // trimmed...) go first, so the chunks in which something succeeds are few.
  const same = effectiveRequest(route, variants[0]!);
  const likely = (p: Probe) => (effectiveRequest(route, p.variant) === same ? 0 : 1);
  const mixed = probes
    .filter((p) => !p.verdict.refuse && !isBaseline(p))
    .map((p) => ({ p, k: likely(p) }))
    .sort((a, b) => a.k - b.k)
    .map(({ p }) => p);

  const send = async (batch: Probe[]) => {
    count(batch.length);
    return mapLimit(batch, spec.costly ? 4 : CONCURRENCY, async (p) => {
      let res = await client.send(p.request);
      if (res.failure?.startsWith('no answer')) {
        stall(`${key} — ${p.variant.group} ${p.variant.name} as ${p.caller}`);
        count(1);
        res = await client.send(p.request);
      }
      for (const problem of check(p, res, fx)) fail(failureOf(p, res, problem));
      return res;
    });
  };

  // 1. Requests that must be refused, against the untouched fixtures: nothing may change.
  // The baseline may have created data (a community to delete, a session to refresh).
  const built = await digest.snapshot();
  const settled = digest.diff(start, built).length ? await digest.settle() : built;
  const first = await batches(strict, STRICT_CHUNK, settled, send, digest, client, count, fail);

  // 2. The valid request itself must work (else the variants prove nothing).
  const base = probes.find(isBaseline)!;
  const baseRes = (await send([base]))[0]!;
  if (!spec.expect.includes(baseRes.status)) {
    fail(
      failureOf(
        base,
        baseRes,
        `baseline answered ${baseRes.status}, expected ${spec.expect.join('/')}`,
      ),
    );
  }
  let snapshot = await digest.settle();

  // 3. Variants that may succeed: any outcome but a 5xx is fine. Small chunks: a chunk whose
  //    answers are all refusals must leave the data as it was; the refused requests of a chunk in
  //    which something succeeded are sent again later, among refusals only.
  let pending = [...first.unjudged, ...mixed];
  for (let round = 0; round < 4 && pending.length; round++) {
    const run = await batches(pending, MIXED_CHUNK, snapshot, send, digest, client, count, fail);
    snapshot = run.snapshot;
    // Toggles (join/leave, vote again) can succeed on every round; after a few, give up on them.
    pending = run.unjudged;
  }
  return { snapshot, variants: variants.length };
}

/**
 * Sends probes in chunks. A chunk whose answers are all refusals must leave the digest unchanged
 * (when it does not, its probes are replayed one by one to name the culprit); the refused probes
 * of a chunk where something succeeded come back as `unjudged`.
 */
async function batches(
  probes: Probe[],
  size: number,
  start: Snapshot,
  send: (batch: Probe[]) => Promise<RawResponse[]>,
  digest: Digest,
  client: RawClient,
  count: (n: number) => void,
  fail: (f: Failure) => void,
): Promise<{ snapshot: Snapshot; unjudged: Probe[] }> {
  let before = start;
  const unjudged: Probe[] = [];
  for (let i = 0; i < probes.length; i += size) {
    const chunk = probes.slice(i, i + size);
    const results = await send(chunk);
    const refused = chunk.filter((p, j) => refusal(p, results[j]!));
    if (refused.length === chunk.length) {
      // One snapshot: a late effect of a refused request still shows up in the next comparison.
      const after = await digest.snapshot();
      const changes = digest.diff(before, after);
      if (changes.length) await blame(chunk, changes, digest, client, count, fail);
      before = changes.length ? await digest.settle() : after;
    } else {
      unjudged.push(...refused);
      before = await digest.settle();
    }
  }
  return { snapshot: before, unjudged };
}

/**
 * A refusal: a 4xx, or a connection the server cut (a request line over Node's header limit). A
 * timeout is not one: the server may still be working on the request.
 */
const refusal = (p: Probe, res: RawResponse) =>
  (res.status >= 400 && res.status < 500) ||
  (Boolean(p.variant.mayReset) && /ECONNRESET|EPIPE/.test(res.failure ?? ''));

/** Replays a chunk one request at a time to find which refused request changed the data. */
async function blame(
  chunk: Probe[],
  changes: DbChange[],
  digest: Digest,
  client: RawClient,
  count: (n: number) => void,
  fail: (f: Failure) => void,
) {
  const describe = (cs: DbChange[]) => cs.slice(0, 5).map(describeChange).join('\n      ');
  let found = false;
  let before = await digest.snapshot();
  for (const p of chunk) {
    const res = await client.send(p.request);
    count(1);
    const after = await digest.settle({ quietMs: 60 });
    const diff = digest.diff(before, after);
    if (diff.length && res.status >= 400) {
      found = true;
      fail(
        failureOf(p, res, `refused (${res.status}) but changed the data:\n      ${describe(diff)}`),
      );
    }
    before = after;
  }
  if (!found) {
    const p = chunk[0]!;
    fail({
      key: p.key,
      variant: `one of ${chunk.length} refused requests (${chunk
        .map((c) => c.variant.name)
        .slice(0, 20)
        .join(', ')}…)`,
      caller: 'mixed',
      problem: `the data changed while every request was refused (not reproduced one by one):\n      ${describe(changes)}`,
      request: '',
      response: '',
    });
  }
}

/** A changed document as the fields that differ; added/removed ones in full (shortened). */
function describeChange(c: DbChange): string {
  if (c.kind !== 'changed') return `${c.kind} ${c.key}: ${show(c.after ?? c.before, 300)}`;
  const before = JSON.parse(c.before!) as Record<string, unknown>;
  const after = JSON.parse(c.after!) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return `changed ${c.key}: ${fields
    .map(
      (k) =>
        `${k}: ${show(JSON.stringify(before[k]), 120)} -> ${show(JSON.stringify(after[k]), 120)}`,
    )
    .join('; ')}`;
}

function formatFailure(f: Failure, n: number): string {
  return (
    `#${n} ${f.key} — ${f.variant} — as ${f.caller}\n   problem:  ${f.problem}\n` +
    `   request:  ${f.request}\n   response: ${f.response}`
  );
}

function failureOf(p: Probe, res: RawResponse, problem: string): Failure {
  const headers = Object.entries(p.request.headers)
    .map(([k, v]) => `${k}: ${show(v, 60)}`)
    .join('; ');
  return {
    key: p.key,
    variant: `[${p.variant.group}] ${p.variant.name}`,
    caller: `${p.caller} (${p.role})${p.verdict.refuse ? `, must be refused: ${p.verdict.refuse}` : ''}`,
    problem,
    request: `${p.request.method.toUpperCase()} ${show(p.request.path, 200)} {${headers}} ${show(p.request.body, 300)}`,
    response: res.failure
      ? `no response: ${res.failure}`
      : `${res.status} in ${res.ms.toFixed(0)} ms ${show(res.text, 400)}`,
  };
}

/** Everything a single answer must satisfy. */
function check(p: Probe, res: RawResponse, fx: Fixtures): string[] {
  const problems: string[] = [];
  if (res.failure) {
    // Node's HTTP parser answers 431 to a request line over 16 KB and closes at once: the client,
    // still writing, may see the reset instead of the answer. The app never saw the request.
    if (p.variant.mayReset && /ECONNRESET|EPIPE/.test(res.failure)) return [];
    return [`no answer: ${res.failure}`];
  }
  if (res.status >= 500) problems.push(`server error ${res.status}`);
  // 431 comes from Node's HTTP parser (request line/headers over 16 KB) before any app code runs.
  if (res.status >= 400 && res.status !== 431) {
    const body = res.json as { error?: unknown; details?: unknown } | undefined;
    const ok =
      typeof body === 'object' &&
      body !== null &&
      !Array.isArray(body) &&
      typeof body.error === 'string' &&
      (body.details === undefined ||
        (Array.isArray(body.details) && body.details.every((d) => typeof d === 'string'))) &&
      Object.keys(body).every((k) => k === 'error' || k === 'details');
    if (!ok) problems.push('error body is not {error: string, details?: string[]}');
    if (!String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      problems.push(`error content-type ${res.headers['content-type']}`);
    }
  }
  if (p.verdict.refuse && res.status < 400) {
    problems.push(`answered ${res.status} although it must be refused (${p.verdict.refuse})`);
  }
  // Exact statuses are for the right caller: others may be turned away (401/403) first.
  if (p.role === 'right' && p.variant.status && !p.variant.status.includes(res.status)) {
    problems.push(`expected ${p.variant.status.join('/')}, got ${res.status}`);
  }
  // Success answers keep to the contract's response schema, whatever odd input got them there.
  const documented = p.route.responses[res.status];
  if (p.variant.otherRoute) {
    // Another route answered (an empty segment): its shape is not this route's.
  } else if (res.status < 300 && documented && p.route.eventStream) {
    // An open event stream: what it is, is its content type (its events have their own tests).
    if (!String(res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
      problems.push(`${res.status} is not an event stream: ${String(res.headers['content-type'])}`);
    }
  } else if (res.status < 300 && documented) {
    const parsed = documented.schema.safeParse(res.json);
    if (!parsed.success) {
      problems.push(
        `${res.status} body breaks the contract: ${parsed.error.issues
          .slice(0, 3)
          .map((i) => `${i.path.join('.')}: ${i.message}`)
          .join('; ')}`,
      );
    }
  } else if (res.status < 300) {
    problems.push(`status ${res.status} is not one the contract documents`);
  }
  if (res.status < 300 && p.variant.mustNotEcho) {
    for (const s of p.variant.mustNotEcho) {
      if (res.text.includes(s)) problems.push(`accepted and echoed the injected value ${s}`);
    }
  }
  // Contract texts: a schema-only refusal answers with one of the contract's messages.
  if (res.status === 400 && p.role === 'right' && p.verdict.contractMessages) {
    const body = res.json as { error?: string; details?: string[] } | undefined;
    const texts = [body?.error, ...(body?.details ?? [])];
    if (!p.verdict.contractMessages.some((m) => texts.includes(m))) {
      problems.push(
        `400 text is none of the contract's messages (${p.verdict.contractMessages.join(' | ')})`,
      );
    }
  }
  // Secrets: hashes never, other users' emails never (the admin's user table excepted).
  for (const secret of ['password_hash', '$2b$', '$2a$', 'token_hash', 'current_hash']) {
    if (res.text.includes(secret)) problems.push(`response contains ${secret}`);
  }
  if (p.caller !== 'admin') {
    for (const [name, user] of Object.entries(fx.users)) {
      if (name !== p.caller && res.text.toLowerCase().includes(user.email.toLowerCase())) {
        problems.push(`response contains ${name}'s email`);
      }
    }
  }
  return problems;
}
