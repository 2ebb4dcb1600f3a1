import type { ApiRequest, ApiResponse, ApiRoutes, PublicRouteKey } from '@forum/contracts';
import type { ApiClient, HttpMethod, ResponseSchema } from './client';
import { loadSuccessSchema } from './successSchemas';

/** Per-call options every typed call accepts. */
export interface CallOptions {
  /** Cancels the request (React Query passes one). */
  signal?: AbortSignal;
  /**
   * false: no bearer token and no refresh on a 401. Only for the session calls themselves (login,
   * register, refresh, logout, forgot/reset password): a refresh must never trigger a refresh.
   */
  auth?: false;
}

/**
 * The routes a browser calls: the public ones, without the liveness probes every service answers
 * (their schemas would cost the first page ~1 KB gzip of zod for nothing) and the event stream
 * (read by the live client, live/).
 */
export type BrowserRouteKey = {
  [K in PublicRouteKey]: ApiRoutes[K] extends { probe: true } | { eventStream: true } ? never : K;
}[PublicRouteKey];

/** What a route takes: its {params, query, body}; nothing at all for a route that declares none. */
export type CallRequest<K extends BrowserRouteKey> =
  unknown extends ApiRequest<K> ? { params?: never; query?: never; body?: never } : ApiRequest<K>;

/** A route's query parameters, as its callers send them. */
export type CallQuery<K extends BrowserRouteKey> =
  ApiRequest<K> extends { query?: infer Q } ? NonNullable<Q> : never;

/** The request is optional when the route needs no part of it. */
export type CallArgs<K extends BrowserRouteKey> =
  object extends CallRequest<K>
    ? [request?: CallRequest<K>, options?: CallOptions]
    : [request: CallRequest<K>, options?: CallOptions];

/** `call('GET /api/posts/{id}', { params: { id } }, { signal })` -> the parsed success body. */
export type ApiCall = <K extends BrowserRouteKey>(
  key: K,
  ...args: CallArgs<K>
) => Promise<ApiResponse<K>>;

interface AnyRequest {
  params?: Readonly<Record<string, unknown>>;
  query?: Readonly<Record<string, unknown>>;
  body?: unknown;
}

/** Contract paths carry the gateway's /api prefix; the client's baseUrl already ends with it. */
const API_PREFIX = '/api';
const METHODS = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] satisfies HttpMethod[]);
const isMethod = (value: string): value is HttpMethod => METHODS.has(value);

/** `'GET /api/posts/{id}'` + `{id: 'a b'}` -> `['GET', '/posts/a%20b']`. */
function routeTarget(
  key: BrowserRouteKey,
  params: AnyRequest['params'] = {},
): [HttpMethod, string] {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const template = key.slice(space + 1);
  if (!isMethod(method) || !template.startsWith(`${API_PREFIX}/`)) {
    throw new Error(`Not a route key a browser calls: ${key}`);
  }
  const path = template.slice(API_PREFIX.length).replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null) throw new Error(`${key}: no value for {${name}}`);
    return encodeURIComponent(String(value));
  });
  return [method, path];
}

/**
 * The schema a route's success answer is parsed with. The SDK's one way to the contracts at run
 * time, and it is dynamic: a call fetches its area's schemas (in parallel with its request, see
 * client.ts), so zod and the contracts stay out of the shell's first paint.
 */
const successSchemaOf = (key: BrowserRouteKey): Promise<ResponseSchema> => loadSuccessSchema(key);

/**
 * The typed call over an ApiClient: method and path come from the route key, the answer is parsed
 * with the route's success schema (loaded lazily by `schemaOf`, in parallel with the request).
 */
export function createCall(
  client: ApiClient,
  schemaOf: (key: BrowserRouteKey) => Promise<ResponseSchema> = successSchemaOf,
): ApiCall & { preload: ApiPreload } {
  /** Answers started by `preload`, each taken by the first matching call. */
  const early = new Map<string, { answer: Promise<unknown>; until: number }>();

  function send(key: BrowserRouteKey, { params, query, body }: AnyRequest, options: CallOptions) {
    const [method, path] = routeTarget(key, params);
    return client.request(method, path, {
      query,
      body,
      schema: () => schemaOf(key),
      ...options,
    });
  }

  function call<K extends BrowserRouteKey>(key: K, ...args: CallArgs<K>): Promise<ApiResponse<K>>;
  function call(
    key: BrowserRouteKey,
    request: object = {},
    options: CallOptions = {},
  ): Promise<unknown> {
    const id = preloadId(key, request, options, client.tokenStore.getToken());
    const started = id === null ? undefined : early.get(id);
    if (id !== null && started) {
      early.delete(id);
      if (started.until >= Date.now()) return started.answer;
    }
    return send(key, request, options);
  }

  function preload<K extends GetRouteKey>(key: K, ...[request, options]: CallArgs<K>): void {
    const id = preloadId(key, request ?? {}, options ?? {}, client.tokenStore.getToken());
    if (id === null || early.has(id)) return;
    const answer = send(key, request ?? {}, options ?? {});
    answer.catch(() => undefined); // the call that takes it sees the failure
    early.set(id, { answer, until: Date.now() + PRELOAD_TTL_MS });
  }

  return Object.assign(call, { preload });
}

/** A preloaded answer older than this is dropped: the call that comes later asks again. */
export const PRELOAD_TTL_MS = 10_000;

type GetRouteKey = Extract<BrowserRouteKey, `GET ${string}`>;

/**
 * Starts a GET call now, before the code that makes it has loaded (a page's first request, in
 * parallel with its chunks); the first `call` with the same route, request and options within
 * PRELOAD_TTL_MS gets this answer instead of asking again.
 */
export type ApiPreload = <K extends GetRouteKey>(key: K, ...args: CallArgs<K>) => void;

/**
 * What a preload and a call must share to be one request (the same token too: an answer started
 * for a visitor is not one for the user who has signed in since); null for what is never preloaded.
 */
function preloadId(
  key: BrowserRouteKey,
  request: AnyRequest,
  options: CallOptions,
  token: string | null,
) {
  if (!key.startsWith('GET ') || options.auth === false) return null;
  const sorted = (o: Readonly<Record<string, unknown>> = {}) =>
    Object.keys(o)
      .filter((k) => o[k] !== undefined && o[k] !== null)
      .sort()
      .map((k) => [k, String(o[k])]);
  return JSON.stringify([key, sorted(request.params), sorted(request.query), token]);
}
