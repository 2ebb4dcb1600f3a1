import { AckPolicy, DeliverPolicy, JSONCodec } from 'nats';
import { Streams } from '@forum/contracts';
import { waitFor } from '@forum/service-kit/testing';
import type { z } from 'zod';
import type { Harness } from './harness.js';

/**
 * Every event of `subject` that `match` accepts, published to FORUM so far (read by a fresh
 * durable consumer), once at least `count` of them are there.
 */
export async function publishedEvents<S extends z.ZodType>(
  h: Harness,
  subject: string,
  schema: S,
  match: (e: z.infer<S>) => boolean,
  count: number,
): Promise<z.infer<S>[]> {
  await h.outbox.flush();
  const jsm = await h.nc.jetstreamManager();
  const durable = `test_${Date.now()}_${Math.random().toString(36).slice(2)}`;
  await jsm.consumers.add(Streams.forum.name, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
  });
  const consumer = await h.nc.jetstream().consumers.get(Streams.forum.name, durable);
  const codec = JSONCodec();
  const events: z.infer<S>[] = [];
  try {
    await waitFor(async () => {
      const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
      for await (const msg of batch) {
        const event = schema.parse(codec.decode(msg.data));
        if (match(event)) events.push(event);
        msg.ack();
      }
      return events.length >= count;
    });
  } finally {
    await jsm.consumers.delete(Streams.forum.name, durable);
  }
  return events;
}
