import type { Context } from 'koa';
import type { z } from 'zod';
import { Id } from '@forum/contracts';
import { badRequest, notFound, unauthorized, type AuthUser } from '@forum/service-kit';

/**
 * Body validation whose `error` is the first rule's own text (the spec's texts are what users
 * see, e.g. 'All fields are required'), with every message in `details`.
 */
export function validBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  const result = schema.safeParse((ctx.request as { body?: unknown }).body ?? {});
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw badRequest(messages[0] ?? 'Invalid input', messages);
}

/**
 * The `:id` route parameter. A malformed id names nothing, so it gets the same 404 as an unknown
 * or hidden one (one answer for every "you cannot see this").
 */
export function idParam(ctx: Context & { params?: Record<string, string> }, notFoundText: string) {
  const parsed = Id.safeParse(ctx.params?.id);
  if (!parsed.success) throw notFound(notFoundText);
  return parsed.data;
}

/** The signed-in caller; routes put requireAuth first, this only narrows the type. */
export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
