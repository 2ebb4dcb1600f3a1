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
 * A boolean variable: true/false, 1/0, yes/no, on/off (any case); anything else is a config error.
 */
export const booleanVar = (defaultValue: boolean) =>
  z
    .string()
    .default(defaultValue ? 'true' : 'false')
    .transform((value, ctx) => {
      const v = value.trim().toLowerCase();
      if (['true', '1', 'yes', 'on'].includes(v)) return true;
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: 'must be true or false (1/0, yes/no, on/off)' });
      return z.NEVER;
    });

const BYTE_UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** "1048576", "512kb", "11mb", "1.5 MB" -> bytes (binary units); undefined when unreadable. */
export function parseByteSize(value: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(value);
  if (!match) return undefined;
  const factor = BYTE_UNITS[(match[2] ?? 'b').toLowerCase()] ?? 1;
  return Math.floor(Number(match[1]) * factor);
}

/** A size variable ('1048576', '512kb', '11mb') parsed to bytes, with a default such as '1mb'. */
export const byteSizeVar = (defaultValue: string) =>
  z
    .string()
    .default(defaultValue)
    .transform((value, ctx) => {
      const bytes = parseByteSize(value);
      if (bytes === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be a size such as 1048576, 512kb or 11mb' });
        return z.NEVER;
      }
      return bytes;
    });

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
  /**
   * How long a request waits for a primary (a replica-set election) before answering 503; keep it
   * below the gateway's UPSTREAM_TIMEOUT_MS (10 s). connectMongo's serverSelectionTimeoutMS.
   */
  MONGO_PRIMARY_WAIT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .positive('must be a positive number of milliseconds')
    .default(8_000),
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
