/* eslint-disable @typescript-eslint/no-explicit-any -- tests read response bodies loosely */
import { Streams, type EventSubject } from '@forum/contracts';
import { JSONCodec, type NatsConnection } from 'nats';

export interface CollectedEvent {
  subject: EventSubject;
  data: Record<string, any>;
}

/** Reads the IDENTITY stream from its start with an ordered consumer, as a consumer would. */
export async function collectIdentityEvents(nc: NatsConnection) {
  const events: CollectedEvent[] = [];
  const consumer = await nc.jetstream().consumers.get(Streams.identity.name);
  const messages = await consumer.consume();
  const codec = JSONCodec<Record<string, any>>();
  void (async () => {
    for await (const msg of messages) {
      events.push({ subject: msg.subject as EventSubject, data: codec.decode(msg.data) });
    }
  })();
  return {
    events,
    of: (subject: EventSubject) => events.filter((e) => e.subject === subject).map((e) => e.data),
    stop: () => messages.close(),
  };
}
