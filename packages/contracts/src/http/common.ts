import { z } from '../zod.js';

/** Every error response: `{ error, details? }` (ARCHITECTURE §4). */
export const ErrorBody = z
  .object({
    error: z.string(),
    details: z.array(z.string()).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Entity ids are MongoDB ObjectIds rendered as 24 hex characters. */
export const Id = z.string().regex(/^[a-fA-F0-9]{24}$/, 'Invalid id');
export type Id = z.infer<typeof Id>;

/** Timestamps travel as ISO-8601 strings. */
export const Timestamp = z.iso.datetime({ offset: true });

/** Offset pagination as the spec's lists use it. */
export const Pagination = z
  .object({
    hasMore: z.boolean(),
    total: z.number().int().nonnegative(),
  })
  .meta({ id: 'Pagination' });
export type Pagination = z.infer<typeof Pagination>;

/** limit/offset query parameters with a per-list default and cap. */
export const limitParam = (defaultLimit: number, max = 100) =>
  z.coerce
    .number('limit must be an integer')
    .int('limit must be an integer')
    .min(1, 'limit must be at least 1')
    .max(max, `limit must be at most ${max}`)
    .default(defaultLimit);
export const offsetParam = z.coerce
  .number('offset must be an integer')
  .int('offset must be an integer')
  .min(0, 'offset must not be negative')
  .default(0);

export const IdParams = z.object({ id: Id });
