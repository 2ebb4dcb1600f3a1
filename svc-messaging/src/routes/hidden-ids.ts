import type { Middleware } from 'koa';
import { Id } from '@forum/contracts';
import { notFound } from '@forum/service-kit';

/**
 * A malformed `{id}` names nothing, so it gets the same 404 as an unknown or hidden one (one
 * answer for every "you cannot see this") instead of the contract's 400 for bad params.
 */
export const notFoundUnlessId =
  (text: string): Middleware =>
  async (ctx, next) => {
    if (!Id.safeParse((ctx as { params?: Record<string, string> }).params?.id).success) {
      throw notFound(text);
    }
    await next();
  };
