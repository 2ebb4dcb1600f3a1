export interface HttpErrorOptions {
  /** The underlying error (kept for logs, never sent to the client). */
  cause?: unknown;
  /**
   * An expected failure is part of normal operation (a 4xx, an upstream that is down or slow):
   * logged at warn without a stack when 5xx, not at all when 4xx. Default: status < 500.
   */
  expected?: boolean;
}

/** An error whose message is safe to show the client, with the HTTP status to send. */
export class HttpError extends Error {
  readonly expected: boolean;

  constructor(
    readonly status: number,
    message: string,
    readonly details?: string[],
    options: HttpErrorOptions = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpError';
    this.expected = options.expected ?? status < 500;
  }
}

export const badRequest = (message = 'Invalid input', details?: string[]) =>
  new HttpError(400, message, details);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message = 'Conflict', details?: string[]) =>
  new HttpError(409, message, details);
export const payloadTooLarge = (message = 'Request body too large') => new HttpError(413, message);
export const unsupportedMediaType = (message = 'Unsupported media type') =>
  new HttpError(415, message);
export const tooManyRequests = (message = 'Too many requests') => new HttpError(429, message);
/** A dependency is down: expected (logged at warn without a stack) unless told otherwise. */
export const serviceUnavailable = (message = 'Service unavailable', options?: HttpErrorOptions) =>
  new HttpError(503, message, undefined, { expected: true, ...options });
/** A dependency did not answer in time: expected, like serviceUnavailable. */
export const gatewayTimeout = (message = 'Upstream timeout', options?: HttpErrorOptions) =>
  new HttpError(504, message, undefined, { expected: true, ...options });
