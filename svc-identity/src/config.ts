import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

/** PEMs may arrive with literal "\n" when set through one-line env files. */
const pem = z
  .string()
  .transform((v) => v.replace(/\\n/g, '\n').trim())
  .pipe(z.string().startsWith('-----BEGIN', 'must be a PEM block'));

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
  })
  .refine((c) => Boolean(c.JWT_PRIVATE_KEY) === Boolean(c.JWT_PUBLIC_KEY), {
    message: 'set both JWT_PRIVATE_KEY and JWT_PUBLIC_KEY, or neither',
    path: ['JWT_PUBLIC_KEY'],
  });

export type IdentityConfig = z.output<typeof identityConfigSchema>;

export const loadIdentityConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(identityConfigSchema, env);
