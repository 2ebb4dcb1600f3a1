import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest, unauthorized } from '../errors.js';
import type { AuthUser } from './koa-types.js';

// Queries and params throw the ZodError as is: the error middleware answers 400 'Validation
// failed' with every message in `details`.

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  return schema.parse(ctx.query);
}

export function parseParams<S extends z.ZodType>(
  ctx: Context & { params?: Record<string, string> },
  schema: S,
): z.output<S> {
  return schema.parse(ctx.params ?? {});
}

/**
 * Body validation whose `error` is the first broken rule's own text (the spec's texts are what
 * users see), with every message in `details`.
 */
export function validBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw badRequest(messages[0] ?? 'Invalid input', messages);
}

/** The signed-in caller, for code outside contract routes (those get `user` in their input). */
export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
