import { Transform, type TransformCallback } from 'node:stream';

/** Raised inside the request body stream when the client sends more than the limit. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body exceeds ${limit} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Passes the body through while counting; fails the stream the moment the limit is crossed, so
 * an oversized upload is cut off without ever being buffered (Content-Length can lie or be absent).
 */
export function bodyLimitStream(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      seen += chunk.length;
      if (seen > limit) callback(new BodyTooLargeError(limit));
      else callback(null, chunk);
    },
  });
}

/** Uploads (multipart) get the larger budget; everything else is JSON-sized. */
export function bodyLimitFor(
  contentType: string | undefined,
  limits: { json: number; upload: number },
): number {
  return contentType?.toLowerCase().startsWith('multipart/') ? limits.upload : limits.json;
}
