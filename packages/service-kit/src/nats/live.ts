import { JSONCodec, type NatsConnection } from 'nats';
import type { Logger } from 'pino';
import { LiveSubjects, LiveUserEvent } from '@forum/contracts';

const codec = JSONCodec();

export interface LivePublisher {
  /**
   * Send a live hint to the user's open streams (EXTENSIONS §L) on core NATS. Call it after the
   * write has committed. Never throws and never waits: a hint that cannot go out is logged and
   * dropped (the durable events and the clients' resync cover it).
   */
  publish(event: LiveUserEvent): void;
}

/** Live hints over the service's NATS connection; without one (tests, NATS off) a no-op. */
export function createLivePublisher(
  nc: Pick<NatsConnection, 'publish' | 'isClosed'> | undefined,
  logger: Logger,
): LivePublisher {
  return {
    publish(event) {
      if (!nc || nc.isClosed()) return;
      try {
        const valid = LiveUserEvent.parse(event);
        nc.publish(LiveSubjects.user(valid.user_id), codec.encode(valid));
      } catch (err) {
        logger.warn({ err, type: event.type }, 'live hint not published');
      }
    },
  };
}

/** Decode a live hint; undefined for anything that is not one (logged by the caller). */
export function decodeLiveUserEvent(data: Uint8Array): LiveUserEvent | undefined {
  try {
    const parsed = LiveUserEvent.safeParse(codec.decode(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
