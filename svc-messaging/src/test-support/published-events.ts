import { AckPolicy, DeliverPolicy, JSONCodec } from 'nats';
import { Streams, schemaForSubject, type EventOf, type EventSubject } from '@forum/contracts';
import { waitFor } from '@forum/service-kit/testing';
import { newId, type Harness } from './harness.js';

/**
 * Every `subject` event this service has put on MESSAGING so far, parsed with its contract
 * schema, read by a temporary durable (deleted after, so `caughtUp` does not wait for it).
 */
export async function publishedEvents<S extends EventSubject>(
  h: Harness,
  subject: S,
): Promise<EventOf<S>[]> {
  // Two passes: the relay is single-flight, and a pass already running may predate our write.
  await h.service.outbox.flush();
  await h.service.outbox.flush();
  const schema = schemaForSubject(subject)!;
  const stream = Streams.messaging.name;
  const durable = `test_${newId()}`;
  const jsm = await h.producer.jetstreamManager();
  const { num_pending: total } = await jsm.consumers.add(stream, {
    durable_name: durable,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    filter_subject: subject,
  });
  const consumer = await h.producer.jetstream().consumers.get(stream, durable);
  const codec = JSONCodec();
  const events: EventOf<S>[] = [];
  try {
    await waitFor(
      async () => {
        if (events.length >= total) return true;
        const batch = await consumer.fetch({ max_messages: total - events.length, expires: 1000 });
        for await (const msg of batch) {
          events.push(schema.parse(codec.decode(msg.data)) as EventOf<S>);
          msg.ack();
        }
        return events.length >= total;
      },
      { what: `${total} ${subject} events read`, timeoutMs: 15_000 },
    );
  } finally {
    await jsm.consumers.delete(stream, durable);
  }
  return events;
}
