import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

export const messagingConfigSchema = z.object({
  ...baseServiceConfig,
  PORT: portVar(4003),
  MONGO_DB: z.string().min(1).default('messaging'),
  /** Attempts before a failing event is parked. */
  EVENT_MAX_DELIVER: z.coerce.number().int().min(1).default(5),
  /** First retry delay of a failing event handler (doubles per attempt, capped at 30 s). */
  EVENT_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
});

export type MessagingConfig = z.output<typeof messagingConfigSchema>;

/** Parsed once at start-up; throws ConfigError listing every bad variable. */
export const loadMessagingConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(messagingConfigSchema, env);
