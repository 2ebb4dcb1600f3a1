import type { Context, Middleware } from 'koa';
import { AuthMessages } from '@forum/contracts';
import { HttpError, isDuplicateKeyError } from '@forum/service-kit';
import type { IdentityModels } from '../models/index.js';
import { hashToken } from '../domain/secure-random.js';

export type LimitedAction =
  | 'login'
  | 'register'
  | 'refresh'
  | 'password-reset'
  | 'password-change'
  | 'email-change'
  | 'account-delete'
  | 'verify-email'
  | 'verification-resend';
export type LimitScope = 'ip' | 'account';

export interface RateLimiter {
  /** Count one attempt; throws 429 (and sets Retry-After) once the window's budget is spent. */
  hit(ctx: Context, action: LimitedAction, scope: LimitScope, value: string): Promise<void>;
}

/**
 * Fixed windows: one counter document per key and window, bumped with an atomic $inc upsert and
 * removed by the TTL index when the window ends. Account values are stored hashed.
 */
export function createRateLimiter(
  { ThrottleCounter }: Pick<IdentityModels, 'ThrottleCounter'>,
  {
    limit,
    windowSeconds,
    now = () => new Date(),
  }: { limit: number; windowSeconds: number; now?: () => Date },
): RateLimiter {
  const windowMs = windowSeconds * 1000;
  const bump = (_id: string, expires_at: Date) =>
    ThrottleCounter.findOneAndUpdate(
      { _id },
      { $inc: { count: 1 }, $setOnInsert: { expires_at } },
      { upsert: true, returnDocument: 'after', lean: true },
    );
  return {
    async hit(ctx, action, scope, value) {
      const t = now().getTime();
      const window = Math.floor(t / windowMs);
      const end = (window + 1) * windowMs;
      const key = scope === 'account' ? hashToken(value.toLowerCase()) : value;
      const _id = `${action}:${scope}:${key}:${window}`;
      // Two first hits racing on the upsert: one of them gets E11000 and simply tries again.
      const doc = await bump(_id, new Date(end)).catch((err: unknown) => {
        if (isDuplicateKeyError(err)) return bump(_id, new Date(end));
        throw err;
      });
      if ((doc?.count ?? 0) > limit) {
        ctx.set('Retry-After', String(Math.max(1, Math.ceil((end - t) / 1000))));
        throw new HttpError(429, AuthMessages.tooManyAttempts);
      }
    },
  };
}

/** The per-IP budget as route middleware: it is spent before the body is even validated. */
export const limitPerIp =
  (limiter: RateLimiter, action: LimitedAction): Middleware =>
  async (ctx, next) => {
    await limiter.hit(ctx, action, 'ip', ctx.ip);
    await next();
  };
