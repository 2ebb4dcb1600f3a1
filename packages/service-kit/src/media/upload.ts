import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import multer from 'multer';
import { HttpError } from '../errors.js';
import '../http/koa-types.js';

/** The uploaded file as imageUpload leaves it on ctx.file (memory only, never on disk). */
export interface UploadedFile {
  fieldname: string;
  /** The client's file name: informational only, never trusted for the type. */
  originalname: string;
  /** The client's declared type: informational only (detectImageType decides). */
  mimetype: string;
  size: number;
  buffer: Buffer;
}

declare module 'koa' {
  interface DefaultContext {
    /** Set by imageUpload when the multipart request carried a file in its field. */
    file?: UploadedFile;
  }
}

export interface ImageUploadOptions {
  /** The multipart field holding the file ('avatar', 'logo', 'image', ...). */
  field: string;
  /** Per-file limit, enforced while streaming: one byte more and the upload stops. */
  maxBytes: number;
  /** The 413 text, e.g. fileTooLargeMessage(2) = 'File size too large. Maximum size is 2MB.' */
  tooLargeMessage: string;
  /** Limit per text field (default 100 kB: a 10,000-character post in any script fits). */
  maxFieldBytes?: number;
  /** Max number of text fields (default 20). */
  maxFields?: number;
}

const MALFORMED = 'Malformed multipart body';

/**
 * Parses a multipart/form-data request: the file of `field` into ctx.file (memory), the text fields
 * into ctx.request.body (a plain object of strings). Not multipart -> passes through untouched
 * (ctx.request.body stays what the JSON body parser made of it). A missing file is the caller's
 * business (ctx.file undefined). Errors: file over maxBytes -> 413 tooLargeMessage (the rest of the
 * request is drained first, so the client reads the answer); too many / too long text fields ->
 * 413 'Request body too large'; a second file or a file in another field -> 400; a broken body
 * -> 400 'Malformed multipart body'.
 */
export function imageUpload({
  field,
  maxBytes,
  tooLargeMessage,
  maxFieldBytes = 100 * 1024,
  maxFields = 20,
}: ImageUploadOptions): Middleware {
  const parse = multer({
    storage: multer.memoryStorage(),
    limits: {
      fileSize: maxBytes,
      files: 1,
      fields: maxFields,
      fieldSize: maxFieldBytes,
      parts: maxFields + 1,
      fieldNestingDepth: 0,
    },
  }).single(field);

  return async (ctx, next) => {
    const req = ctx.req as IncomingMessage & { body?: unknown; file?: UploadedFile };
    try {
      await new Promise<void>((resolve, reject) => {
        // multer is written for Express; it only uses the Node request/response underneath.
        (
          parse as unknown as (
            r: IncomingMessage,
            s: ServerResponse,
            cb: (err?: unknown) => void,
          ) => void
        )(req, ctx.res, (err) => (err ? reject(err) : resolve()));
      });
    } catch (err) {
      throw uploadError(err, field, tooLargeMessage);
    }
    if (req.body !== undefined) {
      // Fields come in a null-prototype object; a plain one behaves like the JSON parser's output.
      (ctx.request as { body?: unknown }).body = { ...(req.body as object) };
      delete req.body;
    }
    if (req.file) {
      ctx.file = req.file;
      delete req.file;
    }
    await next();
  };
}

function uploadError(err: unknown, field: string, tooLargeMessage: string): HttpError {
  if (err instanceof multer.MulterError) {
    switch (err.code) {
      case 'LIMIT_FILE_SIZE':
        return new HttpError(413, tooLargeMessage, undefined, { cause: err });
      case 'LIMIT_FIELD_VALUE':
      case 'LIMIT_FIELD_COUNT':
      case 'LIMIT_PART_COUNT':
      case 'LIMIT_FIELD_KEY':
        return new HttpError(413, 'Request body too large', undefined, { cause: err });
      case 'LIMIT_UNEXPECTED_FILE':
      case 'LIMIT_FILE_COUNT':
        return new HttpError(400, `Only one file is accepted, in the field "${field}"`, undefined, {
          cause: err,
        });
      default:
        return new HttpError(400, MALFORMED, undefined, { cause: err });
    }
  }
  // busboy: missing boundary, unexpected end of form, malformed part header; client aborts.
  return new HttpError(400, MALFORMED, undefined, { cause: err });
}
