import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest, unauthorized } from '../errors.js';
import type { AuthUser } from './koa-types.js';

/**
 * Validation whose `error` is the first broken rule's own text (the spec's texts are what users
 * see, e.g. 'Search terms must be at least 2 characters'), with every message in `details`:
 * the same for a query, path parameters and a body.
 */
function valid<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw badRequest(messages[0] ?? 'Invalid input', messages);
}

export const parseQuery = <S extends z.ZodType>(ctx: Context, schema: S): z.output<S> =>
  valid(schema, ctx.query);

export const parseParams = <S extends z.ZodType>(
  ctx: Context & { params?: Record<string, string> },
  schema: S,
): z.output<S> => valid(schema, ctx.params ?? {});

export const validBody = <S extends z.ZodType>(ctx: Context, schema: S): z.output<S> =>
  valid(schema, (ctx.request as { body?: unknown }).body ?? {});

/** The signed-in caller, for code outside contract routes (those get `user` in their input). */
export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
