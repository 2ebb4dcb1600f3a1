export type ApiErrorCode =
  /** The server answered with a non-2xx status. */
  | 'HTTP'
  /** No answer within the timeout (10 s by default). */
  | 'TIMEOUT'
  /** The request never reached the server (offline, DNS, CORS, connection refused). */
  | 'NETWORK'
  /** The server answered 2xx but the body did not match the contract schema. */
  | 'INVALID_RESPONSE';

/**
 * Every failure of an API call. `status` is the HTTP status (0 when there was no response),
 * `message` is the server's `error` text when it sent one, `details` the server's `details`.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: string[] | undefined;
  /** The `error` field of the server's answer, when it sent one (what spec §8 shows users). */
  readonly serverMessage: string | undefined;
  readonly method: string;
  readonly path: string;

  constructor(init: {
    status: number;
    message: string;
    code?: ApiErrorCode;
    details?: string[] | undefined;
    serverMessage?: string | undefined;
    method?: string;
    path?: string;
    cause?: unknown;
  }) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code ?? 'HTTP';
    this.details = init.details;
    this.serverMessage = init.serverMessage;
    this.method = init.method ?? 'GET';
    this.path = init.path ?? '';
  }

  /** The server's `error` text (same as `message`). */
  get error(): string {
    return this.message;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/**
 * Text to show a user: the server's error when the server sent one, otherwise `fallback`
 * (spec §8: "The server's error field is shown when present; otherwise the fallback is used").
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.code === 'HTTP' && err.serverMessage) {
    return err.serverMessage;
  }
  return fallback;
}
