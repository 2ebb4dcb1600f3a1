import { z } from '../zod.js';

/**
 * Fields every event carries. `id` is also the JetStream msgID (publisher de-duplication) and the
 * key consumers store under a unique index (handler idempotency).
 */
export const eventEnvelope = {
  id: z.uuid(),
  occurred_at: z.iso.datetime({ offset: true }),
  version: z.literal(1),
};

/** Build a versioned event schema from its data fields. */
export const defineEvent = <T extends z.ZodRawShape>(data: T) =>
  z.object({ ...eventEnvelope, ...data });
