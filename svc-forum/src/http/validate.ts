import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest, unauthorized, type AuthUser } from '@forum/service-kit';

/**
 * Body validation whose `error` is the first rule's own text (spec §5 texts are what users see),
 * with every message in `details`. Queries and params keep service-kit's 'Validation failed'.
 */
export function validBody<S extends z.ZodType>(
  ctx: Context,
  schema: S,
  body?: unknown,
): z.output<S> {
  const input = body ?? (ctx.request as { body?: unknown }).body ?? {};
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => issue.message);
  throw badRequest(messages[0] ?? 'Invalid input', messages);
}

/** The signed-in caller; routes put requireAuth first, this only narrows the type. */
export function caller(ctx: Context): AuthUser {
  const user = ctx.state.user;
  if (!user) throw unauthorized();
  return user;
}
