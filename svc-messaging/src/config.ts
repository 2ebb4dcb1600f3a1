import { z } from 'zod';
import { baseServiceConfig, loadConfig, portVar } from '@forum/service-kit';

export const messagingConfigSchema = z.object({
  ...baseServiceConfig,
  PORT: portVar(4003),
  MONGO_DB: z.string().min(1).default('messaging'),
  /** Attempts before a failing event is parked. */
  EVENT_MAX_DELIVER: z.coerce.number().int().min(1).default(5),
});

export type MessagingConfig = z.output<typeof messagingConfigSchema>;

export const loadMessagingConfig = (env: Record<string, string | undefined> = process.env) =>
  loadConfig(messagingConfigSchema, env);
