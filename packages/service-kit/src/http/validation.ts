import type { Context } from 'koa';
import type { z } from 'zod';

// Each helper throws the ZodError as is; the error middleware turns it into a 400 with details.

export function parseBody<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  return schema.parse((ctx.request as { body?: unknown }).body ?? {});
}

export function parseQuery<S extends z.ZodType>(ctx: Context, schema: S): z.output<S> {
  return schema.parse(ctx.query);
}

export function parseParams<S extends z.ZodType>(
  ctx: Context & { params?: Record<string, string> },
  schema: S,
): z.output<S> {
  return schema.parse(ctx.params ?? {});
}
