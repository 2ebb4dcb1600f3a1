import { z } from 'zod';
import { baseServiceConfig, byteSizeVar, loadConfig, portVar } from '@forum/service-kit';
import { STREAM_HEARTBEAT_SECONDS } from '@forum/contracts';

const milliseconds = (defaultMs: number) =>
  z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int('must be a whole number of milliseconds')
    .positive('must be a positive number of milliseconds')
    .default(defaultMs);

/** svc-stream has no database: only the base variables it uses, and where forum and messaging are. */
export const streamConfigSchema = z.object({
  PORT: portVar(4004),
  HOST: baseServiceConfig.HOST,
  LOG_LEVEL: baseServiceConfig.LOG_LEVEL,
  NATS_URL: baseServiceConfig.NATS_URL,
  IDENTITY_URL: baseServiceConfig.IDENTITY_URL,
  FORUM_URL: z.url().default('http://127.0.0.1:4002'),
  MESSAGING_URL: z.url().default('http://127.0.0.1:4003'),
  /** Between keep-alive comments on every open stream (spec: 25 s). */
  STREAM_HEARTBEAT_MS: milliseconds(STREAM_HEARTBEAT_SECONDS * 1000),
  /** A stream with more than this waiting in its socket when an event is written is dropped. */
  STREAM_MAX_BUFFER_BYTES: byteSizeVar('64kb'),
  /** How long a stream's checks and unread counts wait for forum or messaging. */
  STREAM_UPSTREAM_TIMEOUT_MS: milliseconds(5_000),
});

export type StreamConfig = z.output<typeof streamConfigSchema>;

/** Parsed once at start-up; throws ConfigError listing every bad variable. */
export const loadStreamConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(streamConfigSchema, env);
