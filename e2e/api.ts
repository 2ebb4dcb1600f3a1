import { env } from './fixtures.js';

type Json = Record<string, unknown>;

export interface ApiOptions {
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart (uploads); wins over `body`. */
  form?: FormData;
}

/** One call to the stack's public API, as the product makes it; never throws on a status. */
export async function api<T = Json>(
  method: string,
  path: string,
  options: ApiOptions = {},
): Promise<{ status: number; json: T }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${env.baseUrl}/api${path}`, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as T };
}

/** Letters and digits only (spec §5 usernames), unique per call. */
export function uniqueName(prefix: string): string {
  const rand = Math.random().toString(36).slice(2, 8);
  return `${prefix}${Date.now().toString(36)}${rand}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 40);
}
