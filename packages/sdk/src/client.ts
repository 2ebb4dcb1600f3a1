import type { z } from 'zod';
import { ApiError } from './errors';
import type { TokenStore } from './tokenStore';

export const DEFAULT_BASE_URL = '/api';
export const DEFAULT_TIMEOUT_MS = 10_000;

/** What an answer is parsed with: a zod schema, or anything that parses the same way. */
export interface ResponseSchema<T = unknown> {
  safeParse(input: unknown): ParseResult<T> | Promise<ParseResult<T>>;
}
type ParseResult<T> =
  | { success: true; data: T }
  | {
      success: false;
      error: { issues: ReadonlyArray<Pick<z.core.$ZodIssue, 'path' | 'message'>> };
    };

export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions<T = unknown> {
  /** Sent as `?k=v`, each value as String(v); null and undefined values are left out. */
  query?: Readonly<Record<string, unknown>> | undefined;
  /** JSON-serialisable value, or FormData for multipart uploads. */
  body?: unknown;
  /** Cancels the request (React Query passes one). An abort rejects with the AbortError. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  timeoutMs?: number;
  /**
   * Contract schema the response body is parsed with, or a loader for it (the typed calls load
   * @forum/contracts lazily, in parallel with the request, so zod stays out of first paint).
   */
  schema?: SchemaSource<T>;
}

/**
 * Seam for the token-refresh logic (session.ts): called once when a request that carried a token
 * gets a 401, with the token that was sent. Resolve true when new tokens are in the store and the
 * request should be retried once; false to fail with the 401.
 */
export type UnauthorizedHandler = (error: ApiError, context: { token: string }) => Promise<boolean>;

export interface ApiClientOptions {
  baseUrl?: string;
  timeoutMs?: number;
  tokenStore: TokenStore;
  fetch?: typeof fetch;
  onUnauthorized?: UnauthorizedHandler;
}

export interface ApiClient {
  request<T = unknown>(method: HttpMethod, path: string, options?: RequestOptions<T>): Promise<T>;
  get<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: RequestOptions<T>): Promise<T>;
  delete<T = unknown>(path: string, options?: RequestOptions<T>): Promise<T>;
  setUnauthorizedHandler(handler: UnauthorizedHandler | undefined): void;
  readonly tokenStore: TokenStore;
  readonly baseUrl: string;
}

export function buildUrl(
  baseUrl: string,
  path: string,
  query?: Readonly<Record<string, unknown>>,
): string {
  const base = baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl;
  const p = path.startsWith('/') ? path : `/${path}`;
  let url = base + p;
  if (query) {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      if (v !== undefined && v !== null) params.append(k, String(v));
    }
    const qs = params.toString();
    if (qs) url += (url.includes('?') ? '&' : '?') + qs;
  }
  return url;
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  const type = res.headers.get('content-type') ?? '';
  if (type.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

function errorFromBody(body: unknown): { error?: string; details?: string[] } {
  if (body && typeof body === 'object') {
    const b = body as { error?: unknown; details?: unknown };
    return {
      error: typeof b.error === 'string' ? b.error : undefined,
      details: Array.isArray(b.details) ? b.details.map(String) : undefined,
    };
  }
  return {};
}

function isAbortError(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'name' in err &&
    (err as { name?: unknown }).name === 'AbortError'
  );
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
  const defaultTimeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const tokenStore = options.tokenStore;
  let onUnauthorized = options.onUnauthorized;
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);

  async function once<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions<T>,
  ): Promise<{ value: T } | { unauthorized: ApiError; token: string }> {
    const url = buildUrl(baseUrl, path, opts.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (typeof FormData !== 'undefined' && opts.body instanceof FormData) {
        body = opts.body;
      } else {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.body);
      }
    }
    const token = opts.auth === false ? null : tokenStore.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;

    const timeoutMs = opts.timeoutMs ?? defaultTimeout;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onOuterAbort = () => controller.abort(opts.signal?.reason);
    if (opts.signal) {
      if (opts.signal.aborted) controller.abort(opts.signal.reason);
      else opts.signal.addEventListener('abort', onOuterAbort, { once: true });
    }

    const fail = (init: ConstructorParameters<typeof ApiError>[0]) =>
      new ApiError({ method, path, ...init });

    // Start loading a lazy schema together with the request.
    const schemaPromise =
      typeof opts.schema === 'function' ? opts.schema() : Promise.resolve(opts.schema);
    schemaPromise.catch(() => undefined);

    let res: Response;
    let parsed: unknown;
    try {
      res = await doFetch(url, { method, headers, body, signal: controller.signal });
      parsed = await readBody(res);
    } catch (err) {
      if (timedOut) {
        throw fail({
          status: 0,
          code: 'TIMEOUT',
          message: `The server did not answer within ${Math.round(timeoutMs / 1000)} s (${method} ${path})`,
          cause: err,
        });
      }
      if (opts.signal?.aborted || isAbortError(err)) throw err;
      throw fail({
        status: 0,
        code: 'NETWORK',
        message: `Could not reach the server (${method} ${path})`,
        cause: err,
      });
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }

    if (!res.ok) {
      const { error, details } = errorFromBody(parsed);
      const apiError = fail({
        status: res.status,
        message: error ?? `Request failed with status ${res.status}`,
        serverMessage: error,
        details,
      });
      if (res.status === 401 && token) return { unauthorized: apiError, token };
      throw apiError;
    }

    const schema = await schemaPromise;
    if (!schema) return { value: parsed as T };
    const result = await schema.safeParse(parsed);
    if (!result.success) {
      throw fail({
        status: res.status,
        code: 'INVALID_RESPONSE',
        message: `Unexpected response from the server (${method} ${path})`,
        details: result.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`),
      });
    }
    return { value: result.data };
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    opts: RequestOptions<T> = {},
  ): Promise<T> {
    const first = await once(method, path, opts);
    if ('value' in first) return first.value;
    // 401 with a token: give the refresh seam one chance, then retry once.
    if (onUnauthorized && (await onUnauthorized(first.unauthorized, { token: first.token }))) {
      const second = await once(method, path, opts);
      if ('value' in second) return second.value;
      throw second.unauthorized;
    }
    throw first.unauthorized;
  }

  return {
    request,
    get: (path, o) => request('GET', path, o),
    post: (path, body, o) => request('POST', path, { ...o, body }),
    put: (path, body, o) => request('PUT', path, { ...o, body }),
    delete: (path, o) => request('DELETE', path, o),
    setUnauthorizedHandler(handler) {
      onUnauthorized = handler;
    },
    tokenStore,
    baseUrl,
  };
}
