import type { ClientSession, Connection } from 'mongoose';
import type { JetStreamClient } from 'nats';
import type { Logger } from 'pino';
import { ZodError } from 'zod';
import {
  createEvent,
  eventSchemas,
  type EventData,
  type EventOf,
  type EventSubject,
} from '@forum/contracts';
import { publishEvent } from './publish.js';

export interface EventOutboxOptions {
  conn: Connection;
  js: JetStreamClient;
  logger: Logger;
  /** How often the relay retries what is still pending (default 1 s). */
  pollMs?: number;
  collection?: string;
  /**
   * Failed publishes of one event (NATS answering, the failure being the event's) before it is
   * parked so the events after it can go (default 5).
   */
  maxAttempts?: number;
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
  /**
   * Publish everything pending now; resolves with how many went out, when done or when NATS
   * fails (an event NATS refuses for good is parked and the rest go on).
   */
  flush(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

interface OutboxDoc {
  _id: string;
  subject: EventSubject;
  event: unknown;
  created_at: Date;
  /** Publishes of this event that failed while NATS answered. */
  attempts?: number;
  last_error?: string;
}

/** An event the relay gave up on, kept for inspection and replay (`<collection>_parked`). */
export interface ParkedOutboxDoc extends OutboxDoc {
  reason: string;
  parked_at: Date;
}

/** NATS cannot be reached (or JetStream does not answer): stop the pass, keep the order. */
const UNREACHABLE = new Set([
  'TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DRAINING',
  'CONNECTION_REFUSED',
  'CONNECTION_TIMEOUT',
  'DISCONNECT',
  'CANCELLED',
  '503',
]);

/** NATS refuses this event for good: it would fail the same way every time. */
const REFUSED = new Set([
  'MAX_PAYLOAD_EXCEEDED',
  'BAD_SUBJECT',
  'BAD_PAYLOAD',
  'INVALID_PAYLOAD',
  'PERMISSIONS_VIOLATION',
]);

type PublishFailure =
  { kind: 'unreachable'; err: unknown } | { kind: 'refused' | 'failed'; reason: string };

function classify(err: unknown): PublishFailure {
  if (err instanceof ZodError) {
    return { kind: 'refused', reason: `invalid event: ${err.issues[0]?.message ?? err.message}` };
  }
  const code = (err as { code?: unknown }).code;
  const reason = `${typeof code === 'string' ? `${code}: ` : ''}${(err as Error).message}`;
  if (typeof code === 'string' && UNREACHABLE.has(code)) return { kind: 'unreachable', err };
  if (typeof code === 'string' && REFUSED.has(code)) return { kind: 'refused', reason };
  return { kind: 'failed', reason };
}

/**
 * Transactional-outbox-lite: events are written to Mongo next to the service's data and relayed
 * to JetStream in order, with retry. The msgID (event id) makes a re-relay after a crash
 * harmless. One poisoned event (over NATS's max_payload, invalid for its contract, failing
 * maxAttempts times while NATS answers) is parked in `<collection>_parked`, logged with the
 * reason, and never blocks the events after it; while NATS is unreachable nothing is parked.
 */
export function createEventOutbox({
  conn,
  js,
  logger,
  pollMs = 1000,
  collection = 'event_outbox',
  maxAttempts = 5,
}: EventOutboxOptions): EventOutbox {
  const log = logger.child({ component: 'outbox' });
  const coll = conn.collection<OutboxDoc>(collection);
  const parked = conn.collection<ParkedOutboxDoc>(`${collection}_parked`);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let indexed = false;

  /** Moves an event aside (kept whole, with why), so the ones after it are published. */
  const park = async (doc: OutboxDoc, reason: string, attempts: number) => {
    const entry: ParkedOutboxDoc = { ...doc, attempts, reason, parked_at: new Date() };
    await parked.replaceOne({ _id: doc._id }, entry, { upsert: true });
    await coll.deleteOne({ _id: doc._id });
    log.error({ eventId: doc._id, subject: doc.subject, attempts, reason }, 'outbox event parked');
  };

  /** Publishes one event: nothing when it went out, else what went wrong. */
  const publish = async (doc: OutboxDoc): Promise<PublishFailure | undefined> => {
    if (!(doc.subject in eventSchemas)) {
      return { kind: 'refused', reason: `no event schema for subject ${doc.subject}` };
    }
    try {
      await publishEvent(js, doc.subject, doc.event as EventOf<typeof doc.subject>);
      return undefined;
    } catch (err) {
      return classify(err);
    }
  };

  /**
   * Relays one event: published (and removed), parked (refused for good, or failed maxAttempts
   * times), or 'stop' (a failure that may pass: tried again next time, in order). NATS being
   * unreachable throws, ending the pass without counting anything against the event.
   */
  const relay = async (doc: OutboxDoc): Promise<'published' | 'parked' | 'stop'> => {
    const failure = await publish(doc);
    if (!failure) {
      await coll.deleteOne({ _id: doc._id });
      return 'published';
    }
    if (failure.kind === 'unreachable') throw failure.err;
    const attempts = (doc.attempts ?? 0) + 1;
    if (failure.kind === 'refused' || attempts >= maxAttempts) {
      await park(doc, failure.reason, attempts);
      return 'parked';
    }
    await coll.updateOne({ _id: doc._id }, { $set: { attempts, last_error: failure.reason } });
    log.warn(
      { eventId: doc._id, subject: doc.subject, attempts, reason: failure.reason },
      'outbox publish failed',
    );
    return 'stop';
  };

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
        const outcome = await relay(doc);
        if (outcome === 'stop') return published;
        if (outcome === 'published') published++;
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
