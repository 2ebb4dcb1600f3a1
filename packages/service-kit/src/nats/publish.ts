import { JSONCodec, type JetStreamClient, type PubAck } from 'nats';
import { eventSchemas, type EventOf, type EventSubject } from '@forum/contracts';

const codec = JSONCodec();

/**
 * Validate against the contract, then publish with msgID = event id so a retried publish inside
 * the stream's duplicate window is stored once.
 */
export async function publishEvent<S extends EventSubject>(
  js: JetStreamClient,
  subject: S,
  event: EventOf<S>,
): Promise<PubAck> {
  const valid = eventSchemas[subject].parse(event);
  return js.publish(subject, codec.encode(valid), { msgID: valid.id });
}
