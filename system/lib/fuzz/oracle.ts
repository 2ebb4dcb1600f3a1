import { parse as parseQueryString } from 'node:querystring';
import type { z } from 'zod';
import type { RouteContract } from '@forum/contracts';
import type { Variant } from './variants.js';

export type CallerRole = 'right' | 'wrong' | 'anon';

export interface Verdict {
  /** Why the request must be refused (4xx); undefined = it may succeed. */
  refuse?: string;
  /**
   * The messages the contract gives for the broken input when the schema is the only reason for
   * refusal: the answer's error or details must contain one of them (spec texts).
   */
  contractMessages?: string[];
}

const decode = (raw: string) => {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
};

const issues = (schema: z.ZodType | undefined, value: unknown): string[] | undefined => {
  if (!schema) return undefined;
  const result = schema.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message);
};

const isPlainObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The request as the handler sees it after the route's schemas (undefined when one rejects it or
 * the body is not known): variants equal to the baseline's will most likely succeed.
 */
export function effectiveRequest(route: RouteContract, variant: Variant): string | undefined {
  const parse = (schema: z.ZodType | undefined, value: unknown) => {
    if (!schema) return { ok: true, data: undefined };
    const r = schema.safeParse(value);
    return { ok: r.success, data: r.data };
  };
  const params = parse(
    route.request?.params,
    Object.fromEntries(Object.entries(variant.params).map(([k, v]) => [k, decode(v)])),
  );
  const query = parse(route.request?.query, {
    ...parseQueryString(variant.query.map(([k, v]) => `${k}=${v}`).join('&')),
  });
  const seen = seenBody(variant);
  const body = seen.known ? parse(route.request?.body, seen.value) : { ok: false, data: undefined };
  if (!params.ok || !query.ok || !body.ok) return undefined;
  return JSON.stringify([params.data, query.data, body.data]);
}

/** What the service's body parser hands the handler for this variant (undefined: not known). */
export function seenBody(variant: Variant): { known: boolean; value?: unknown } {
  const b = variant.body;
  if (b.kind === 'none') return { known: true, value: {} };
  if (b.kind === 'json') return { known: true, value: b.value };
  if ('seen' in b && b.seen !== undefined) return { known: true, value: b.seen };
  return { known: false };
}

/**
 * The contract as oracle: a request whose params, query or JSON body the route's own zod schemas
 * reject must be refused, and so must unauthenticated calls to signed-in routes, a wrong user on
 * admin or owner-only routes, and the variants marked `refuse` (nonexistent ids, bad files...).
 */
export function judge(
  route: RouteContract,
  variant: Variant,
  role: CallerRole,
  { ownerOnly = false, upload = false } = {},
): Verdict {
  // An empty path segment reaches another route (`/api/posts/` is the list): anything but a 5xx.
  if (variant.otherRoute) return {};
  const reasons: string[] = [];
  const signedInRoute = route.auth === 'required' || route.auth === 'admin';
  if (role === 'anon' && signedInRoute) reasons.push('not signed in');
  if (role === 'wrong' && route.auth === 'admin') reasons.push('not the admin');
  if (role === 'wrong' && ownerOnly) reasons.push('not the owner');
  if (variant.refuse) reasons.push(variant.refuse);
  const authReasons = reasons.length;

  const params = Object.fromEntries(Object.entries(variant.params).map(([k, v]) => [k, decode(v)]));
  const paramIssues = variant.otherRoute ? undefined : issues(route.request?.params, params);
  if (paramIssues) reasons.push(`params: ${paramIssues.join('; ')}`);

  const queryString = variant.query.map(([k, v]) => `${k}=${v}`).join('&');
  const queryIssues = issues(route.request?.query, { ...parseQueryString(queryString) });
  if (queryIssues) reasons.push(`query: ${queryIssues.join('; ')}`);

  let bodyIssues: string[] | undefined;
  const writes = ['post', 'put', 'patch'].includes(route.method);
  const body = seenBody(variant);
  // Upload routes document a placeholder schema; their text fields are checked like JSON only
  // where the route has a real body schema (POST /api/posts).
  const placeholder = upload && route.path !== '/api/posts';
  if (writes && route.request?.body && body.known && !placeholder) {
    bodyIssues = issues(route.request.body, body.value);
    if (bodyIssues) reasons.push(`body: ${bodyIssues.join('; ')}`);
  }
  const onlySchema =
    authReasons === 0 && !paramIssues && Boolean(queryIssues) !== Boolean(bodyIssues);
  return {
    refuse: reasons.length ? reasons.join(' | ') : undefined,
    // Whole bodies that are not objects ("text", 42, null) meet the strict JSON parser first.
    contractMessages:
      onlySchema && variant.body.kind !== 'raw' && isPlainObject(body.value)
        ? (bodyIssues ?? queryIssues)
        : undefined,
  };
}
