import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

/** PEMs may arrive with literal "\n" when set through one-line env files. */
const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .pipe(z.string().startsWith('-----BEGIN', 'must be a PEM block'));

const UNIT_SECONDS: Record<string, number> = { s: 1, m: 60, h: 3600, d: 86_400 };

/** A duration as seconds: `900`, `15m`, `1h`, `30d`. */
const duration = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((v, ctx) => {
      const match = /^(\d+)\s*([smhd]?)$/.exec(v.trim());
      if (!match || Number(match[1]) <= 0) {
        ctx.addIssue({ code: 'custom', message: 'must be a duration like 900, 15m, 1h or 30d' });
        return z.NEVER;
      }
      return Number(match[1]) * (UNIT_SECONDS[match[2] || 's'] ?? 1);
    });

const positiveInt = (fallback: number, max = 1_000_000_000) =>
  z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(max, `must be at most ${max}`)
    .default(fallback);

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
    .default(fallback ? 'true' : 'false')
    .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const identityConfigSchema = z
  .object({
    ...baseServiceConfig,
    PORT: portVar(4001),
    MONGO_DB: z.string().min(1).default('identity'),
    /** ES256 key pair (PKCS#8 private, SPKI public). Unset: generated once under DATA_DIR. */
    JWT_PRIVATE_KEY: pem.optional(),
    JWT_PUBLIC_KEY: pem.optional(),
    DATA_DIR: z.string().min(1).default('./.data/identity'),
    ADMIN_USERNAME: z.string().min(1).default('admin'),
    BCRYPT_ROUNDS: positiveInt(12, 15).pipe(z.number().min(4, 'must be at least 4')),
    ACCESS_TOKEN_TTL: duration('15m'),
    REFRESH_TTL: duration('1d'),
    REFRESH_TTL_REMEMBER: duration('30d'),
    PASSWORD_RESET_TTL: duration('1h'),
    AUTH_RATE_LIMIT: positiveInt(10),
    AUTH_RATE_WINDOW: duration('15m'),
    /** Behind the gateway (the only way in): take the client IP from X-Forwarded-For. */
    TRUST_PROXY: flag(true),
    FOUNDERS_CLUB_LIMIT: z.coerce.number().int().min(0).default(100),
    /** Where the browser reaches the app; reset links point here. */
    PUBLIC_URL: z.url().default('http://localhost:8080'),
    MAIL_DIR: z.string().min(1).default('./.data/mail'),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Forum <no-reply@localhost>'),
    /** Processed avatars; default <DATA_DIR>/media/avatars. */
    AVATAR_DIR: z.string().min(1).optional(),
  })
  .refine((c) => Boolean(c.JWT_PRIVATE_KEY) === Boolean(c.JWT_PUBLIC_KEY), {
    message: 'set both JWT_PRIVATE_KEY and JWT_PUBLIC_KEY, or neither',
    path: ['JWT_PUBLIC_KEY'],
  })
  .refine((c) => c.REFRESH_TTL_REMEMBER >= c.REFRESH_TTL, {
    message: 'must not be shorter than REFRESH_TTL',
    path: ['REFRESH_TTL_REMEMBER'],
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(identityConfigSchema, env);
