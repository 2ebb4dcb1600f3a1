import { z } from 'zod';

/** Thrown by loadConfig; the message lists every bad variable, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** A TCP port variable with a default (each service has its own). */
export const portVar = (defaultPort: number) =>
  z.coerce
    .number({ error: 'must be a port number (0-65535)' })
    .int('must be a port number (0-65535)')
    .min(0, 'must be a port number (0-65535)')
    .max(65535, 'must be a port number (0-65535)')
    .default(defaultPort);

/**
 * Variables every service reads. Spread into the service's own z.object and override
 * PORT / MONGO_DB with the service's defaults.
 */
export const baseServiceConfig = {
  PORT: portVar(0),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  MONGO_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'must be a mongodb:// URL')
    .default('mongodb://127.0.0.1:27017'),
  MONGO_DB: z.string().min(1),
  NATS_URL: z.string().min(1).default('nats://127.0.0.1:4222'),
  IDENTITY_URL: z.url().default('http://127.0.0.1:4001'),
};

/**
 * Parse env with a zod object schema. Empty strings count as unset, so `FOO=` falls back to
 * the default instead of failing a min(1) check in a confusing way.
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): z.output<S> {
  const cleaned: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(root)';
    const reason =
      issue.code === 'invalid_type' && cleaned[name] === undefined ? 'is required' : issue.message;
    return `${name}: ${reason}`;
  });
  throw new ConfigError(problems);
}
