import { z } from '../zod.js';

export const HealthResponse = z.object({ status: z.literal('ok'), service: z.string() });
export type HealthResponse = z.infer<typeof HealthResponse>;

export const ReadyResponse = z.object({
  status: z.enum(['ready', 'unavailable']),
  service: z.string(),
  checks: z.record(z.string(), z.boolean()),
  error: z.string().optional(),
});
export type ReadyResponse = z.infer<typeof ReadyResponse>;
