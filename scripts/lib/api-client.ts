type Json = Record<string, unknown>;

export interface ApiOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); wins over `body`. */
  form?: FormData;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export interface ApiResult<T> {
  status: number;
  json: T;
  headers: Headers;
  ms: number;
}

/** A client for one stack's public API (e2e, system suites, seeding); never throws on a status. */
export function apiClient(baseUrl: string) {
  return async function api<T = Json>(
    method: string,
    path: string,
    options: ApiOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    let json: unknown = {};
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = { raw: text };
    }
    return {
      status: res.status,
      json: json as T,
      headers: res.headers,
      ms: performance.now() - started,
    };
  };
}

export type Api = ReturnType<typeof apiClient>;

/** Letters and digits only (spec §5 usernames), unique per call. */
export function uniqueName(prefix: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}${Date.now().toString(36)}${rand}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 40);
}

/** Polls until `check` returns a value other than undefined, or fails with `what` after timeoutMs. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 30_000, intervalMs = 250 } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
