import type { ClientSession, Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import type { Logger } from 'pino';
import { createEvent, type EventData, type EventOf, type EventSubject } from '@forum/contracts';
import { publishEvent } from './publish.js';

export interface EventOutboxOptions {
  conn: Connection;
  js: JetStreamClient;
  logger: Logger;
  /** How often the relay retries what is still pending (default 1 s). */
  pollMs?: number;
  collection?: string;
}

export interface EventOutbox {
  /**
   * Wrap the data in a new event (id, occurred_at, version) and store it; the relay publishes it
   * now or, if NATS is down, when it is back. With a session (inTransaction), the event is stored
   * in that transaction, so it exists exactly when the change it reports does, and is relayed
   * once the transaction ends. Resolves to the stored event.
   */
  add<S extends EventSubject>(
    subject: S,
    data: EventData<S>,
    options?: { session?: ClientSession },
  ): Promise<EventOf<S>>;
  /** Publish everything pending now; resolves when done or when a publish fails. */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface OutboxDoc {
  _id: string;
  subject: EventSubject;
  event: unknown;
  created_at: Date;
}

/**
 * Transactional-outbox-lite: events are written to Mongo next to the service's data and relayed
 * to JetStream with retry. The msgID (event id) makes a re-relay after a crash harmless.
 */
export function createEventOutbox({
  conn,
  js,
  logger,
  pollMs = 1000,
  collection = 'event_outbox',
}: EventOutboxOptions): EventOutbox {
  const log = logger.child({ component: 'outbox' });
  const coll = conn.collection<OutboxDoc>(collection);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let indexed = false;

  const relayOnce = async (): Promise<number> => {
    if (!indexed) {
      await coll.createIndex({ created_at: 1 });
      indexed = true;
    }
    let published = 0;
    for (;;) {
      const batch = await coll.find({}).sort({ created_at: 1 }).limit(100).toArray();
      if (batch.length === 0) return published;
      for (const doc of batch) {
        await publishEvent(js, doc.subject, doc.event as EventOf<typeof doc.subject>);
        await coll.deleteOne({ _id: doc._id });
        published++;
      }
    }
  };

  // Single-flight: concurrent triggers share one pass.
  const flush = () => {
    running ??= relayOnce()
      .catch((err: unknown) => {
        log.warn({ err }, 'outbox relay failed; will retry');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  };

  return {
    async add(subject, data, { session } = {}) {
      const event = createEvent(subject, data);
      await coll.insertOne({ _id: event.id, subject, event, created_at: new Date() }, { session });
      if (session) session.once('ended', () => void flush());
      else void flush();
      return event;
    },
    flush,
    start() {
      timer ??= setInterval(() => void flush(), pollMs);
      timer.unref();
      void flush();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
