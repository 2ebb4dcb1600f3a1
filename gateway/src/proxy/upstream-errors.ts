/** How an upstream failure should look to the client. */
export type UpstreamFailure = 'timeout' | 'unavailable' | 'retryable-reset';

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
/** A stale keep-alive socket closed by the upstream: safe to retry an idempotent request once. */
const RESET_CODES = new Set(['UND_ERR_SOCKET', 'ECONNRESET', 'EPIPE']);
/** The upstream cannot be reached at all: down, not listening, or the pool is gone. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_CLOSED',
  'UND_ERR_DESTROYED',
  ...RESET_CODES,
]);

/** Error codes of the error, its cause chain and any aggregated errors (happy-eyeballs connects). */
function errorCodes(err: unknown, depth = 0): string[] {
  if (typeof err !== 'object' || err === null || depth > 4) return [];
  const codes: string[] = [];
  const { code, cause, errors } = err as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') codes.push(code);
  codes.push(...errorCodes(cause, depth + 1));
  if (Array.isArray(errors)) for (const e of errors) codes.push(...errorCodes(e, depth + 1));
  return codes;
}

export function classifyUpstreamError(err: unknown): UpstreamFailure | undefined {
  const codes = errorCodes(err);
  if (codes.some((c) => TIMEOUT_CODES.has(c))) return 'timeout';
  if (codes.some((c) => RESET_CODES.has(c))) return 'retryable-reset';
  if (codes.some((c) => UNAVAILABLE_CODES.has(c))) return 'unavailable';
  return undefined;
}
