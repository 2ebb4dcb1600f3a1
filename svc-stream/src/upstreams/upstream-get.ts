export interface UpstreamAnswer {
  status: number;
  /** The parsed JSON body; undefined when there was none or it was not JSON. */
  body: unknown;
}

export interface UpstreamGetOptions {
  /** The caller's own Authorization header, passed on as it came. */
  authorization?: string | undefined;
  requestId?: string | undefined;
  timeoutMs: number;
}

/**
 * GET a JSON answer from a sibling service. Rejects when the service cannot be reached or does
 * not answer within the timeout; every status (4xx, 5xx) resolves for the caller to judge.
 */
export async function upstreamGet(
  url: string,
  options: UpstreamGetOptions,
): Promise<UpstreamAnswer> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.authorization) headers.Authorization = options.authorization;
  if (options.requestId) headers['X-Request-Id'] = options.requestId;
  const res = await fetch(url, { headers, signal: AbortSignal.timeout(options.timeoutMs) });
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

/** The `error` text of a service's error answer, or the fallback. */
export function errorText(body: unknown, fallback: string): string {
  if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') {
    return body.error;
  }
  return fallback;
}
