/** An error whose message is safe to show the client, with the HTTP status to send. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
    this.name = 'HttpError';
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
export const serviceUnavailable = (message = 'Service unavailable') => new HttpError(503, message);
